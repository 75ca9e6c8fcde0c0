// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IFeeRouterToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function approve(address spender, uint256 value) external returns (bool);
}

interface IFeeRouterUniswapV2Router {
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);

    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable returns (uint256[] memory amounts);

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

/// @title GangwayFeeRouter
/// @notice Takes the swap provider fee once from the input (floor(amountIn * feeBasisPoints /
/// 10000); 85 basis points is the 0.85 % of the specification), sends it to the fee recipient, and
/// swaps the rest through a Uniswap V2 router with the caller's minimum output and deadline. It
/// holds nothing between calls: every token it pulls in the same call is passed on.
/// @dev Compiled into src/testing/eip155/contracts/gangwayFeeRouter.ts by
/// scripts/compileContracts.ts. The Gangway server builds its swap and approval transactions for
/// this contract (the spender of approvals) and states its fee in every quote.
contract GangwayFeeRouter {
    uint256 public constant FEE_DENOMINATOR = 10_000;
    /// @notice At most 10 %: a misconfigured deployment cannot take everything.
    uint256 public constant MAX_FEE_BASIS_POINTS = 1_000;

    address public immutable router;
    address public immutable feeRecipient;
    uint256 public immutable feeBasisPoints;

    /// @notice A fee was taken; `token` is the zero address for the native currency.
    event FeeTaken(address indexed payer, address indexed token, uint256 amount);

    constructor(address router_, address feeRecipient_, uint256 feeBasisPoints_) {
        require(router_ != address(0), "GangwayFeeRouter: ZERO_ROUTER");
        require(feeRecipient_ != address(0), "GangwayFeeRouter: ZERO_RECIPIENT");
        require(feeBasisPoints_ <= MAX_FEE_BASIS_POINTS, "GangwayFeeRouter: FEE_TOO_HIGH");
        router = router_;
        feeRecipient = feeRecipient_;
        feeBasisPoints = feeBasisPoints_;
    }

    /// @notice The fee taken from an input amount (rounded down).
    function feeOf(uint256 amountIn) public view returns (uint256) {
        return (amountIn * feeBasisPoints) / FEE_DENOMINATOR;
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts) {
        uint256 rest = _takeTokenFee(path[0], amountIn);
        amounts = IFeeRouterUniswapV2Router(router).swapExactTokensForTokens(
            rest,
            amountOutMin,
            path,
            to,
            deadline
        );
    }

    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable returns (uint256[] memory amounts) {
        uint256 fee = feeOf(msg.value);
        if (fee > 0) {
            (bool sent, ) = feeRecipient.call{value: fee}("");
            require(sent, "GangwayFeeRouter: FEE_TRANSFER_FAILED");
            emit FeeTaken(msg.sender, address(0), fee);
        }
        amounts = IFeeRouterUniswapV2Router(router).swapExactETHForTokens{value: msg.value - fee}(
            amountOutMin,
            path,
            to,
            deadline
        );
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts) {
        uint256 rest = _takeTokenFee(path[0], amountIn);
        amounts = IFeeRouterUniswapV2Router(router).swapExactTokensForETH(
            rest,
            amountOutMin,
            path,
            to,
            deadline
        );
    }

    /// @dev Pulls the whole input, pays the fee, and lets the router spend exactly the rest.
    function _takeTokenFee(address token, uint256 amountIn) private returns (uint256 rest) {
        _callToken(
            token,
            abi.encodeCall(IFeeRouterToken.transferFrom, (msg.sender, address(this), amountIn))
        );
        uint256 fee = feeOf(amountIn);
        if (fee > 0) {
            _callToken(token, abi.encodeCall(IFeeRouterToken.transfer, (feeRecipient, fee)));
            emit FeeTaken(msg.sender, token, fee);
        }
        rest = amountIn - fee;
        _callToken(token, abi.encodeCall(IFeeRouterToken.approve, (router, rest)));
    }

    /// @dev Tokens that return nothing (USDT) count as success; a `false` or a revert does not.
    function _callToken(address token, bytes memory data) private {
        (bool ok, bytes memory answer) = token.call(data);
        require(
            ok && (answer.length == 0 || abi.decode(answer, (bool))),
            "GangwayFeeRouter: TOKEN_CALL_FAILED"
        );
    }
}
