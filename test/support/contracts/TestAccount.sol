// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestAccount
/// @notice A minimal smart account for sign-in tests: ERC-1271 calls a signature valid when the
/// account's owner key signed the hash. Not for real funds: no replay protection across accounts.
/// @dev Compiled into src/testing/eip155/contracts/testAccount.ts by scripts/compileContracts.ts.
contract TestAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice ERC-1271: 0x1626ba7e when `signature` is the owner's 65-byte signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// @title TestAccountFactory
/// @notice Deploys TestAccounts with CREATE2, so an account's address is known before it exists
/// (the counterfactual account ERC-6492 signatures are for).
contract TestAccountFactory {
    /// @notice Deploys the account of `owner` under `salt`; returns its address.
    function deploy(address owner, bytes32 salt) external returns (address account) {
        account = address(new TestAccount{salt: salt}(owner));
    }

    /// @notice The address `deploy(owner, salt)` gives, deployed or not.
    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 initCode = keccak256(abi.encodePacked(type(TestAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCode)))));
    }
}
