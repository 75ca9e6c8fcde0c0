/**
 * The names feature's §9 constants, defined with the feature ahead of its flows. The §5 rules for
 * a name and a registration's chain id stay with the kernel's input rules
 * (`nameToRegisterSchema`, `registrationChainIdSchema`).
 * @module
 */

/** §9: namespaces where a name can be registered. */
export const NAME_NAMESPACES = Object.freeze(['eip155'] as const)
