// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A Universal Resolver for local chains, speaking the two calls viem makes
/// @notice ENS's Universal Resolver answers `getEnsName` (reverseWithGateways) and `getEnsText`
/// (resolveWithGateways, wrapping a `text(node, key)` call). Deploying real ENS offline means the
/// registry, the registrars, the reverse registrar, a public resolver and the Universal Resolver;
/// tests need only what those two calls return, so this contract keeps the records itself and
/// answers with the same ABI. Anyone may set records: it is for test chains only.
contract TestUniversalResolver {
    /// @notice The primary name of an address (its reverse record).
    mapping(address => string) public names;
    /// @notice Text records by namehash and key (`avatar`, ...).
    mapping(bytes32 => mapping(string => string)) public texts;

    function setName(address owner, string calldata name) external {
        names[owner] = name;
    }

    function setText(bytes32 node, string calldata key, string calldata value) external {
        texts[node][key] = value;
    }

    /// @notice viem's getEnsName: the address's primary name, or "" when it has none.
    function reverseWithGateways(bytes calldata lookupAddress, uint256, string[] calldata)
        external
        view
        returns (string memory resolvedName, address resolver, address reverseResolver)
    {
        require(lookupAddress.length == 20, "address expected");
        return (names[address(bytes20(lookupAddress))], address(this), address(this));
    }

    /// @notice viem's getEnsText: `data` is an encoded `text(bytes32 node, string key)` call.
    function resolveWithGateways(bytes calldata, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory result, address resolver)
    {
        require(bytes4(data[:4]) == bytes4(keccak256("text(bytes32,string)")), "text() only");
        (bytes32 node, string memory key) = abi.decode(data[4:], (bytes32, string));
        return (abi.encode(texts[node][key]), address(this));
    }
}
