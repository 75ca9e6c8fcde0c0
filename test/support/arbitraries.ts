/**
 * fast-check arbitraries for every event type of the catalogue, over a small world (two toy
 * namespaces plus an unregistered one, a handful of addresses and networks) so random sequences
 * hit the interesting interactions often.
 */
import fc from 'fast-check'
import { toRegistryWallet } from '../../src/features/walletRegistry/service.js'
import {
  ACCOUNT_TABS,
  BUILT_IN_WALLETS,
  type CaipAddress,
  type CaipNetworkId,
  type CoreEventType,
  ERROR_CODE_LIST,
  type EventInput,
  type RegistryWallet,
  SNACK_VARIANTS,
  SOCIAL_PROVIDERS,
  VIEWS,
} from '../../src/kernel/index.js'
import { registered } from './events.js'
import { toyAddress } from './toyChain.js'

export const namespaces = ['toychain', 'toyb'] as const
export const anyNamespace = fc.constantFrom('toychain', 'toyb', 'ghost')
const networkOf = (namespace: string) =>
  fc.constantFrom(
    `${namespace}:main`,
    `${namespace}:test`,
    `${namespace}:elsewhere`,
  ) as fc.Arbitrary<CaipNetworkId>
const seed = fc.integer({ min: 1, max: 4 })
const namespaceAndNetwork = anyNamespace.chain((namespace) =>
  networkOf(namespace).map((networkId) => ({ namespace, networkId })),
)
export const caipAddress = namespaceAndNetwork.chain(({ namespace, networkId }) =>
  seed.map((value) => ({
    namespace,
    caipAddress: `${networkId}:${toyAddress(value)}` as CaipAddress,
  })),
)
const connectorId = fc.constantFrom('toywallet', 'other', 'walletConnect', 'auth')
export const error = fc.constantFrom(...ERROR_CODE_LIST).map((code) => ({
  name: 'KitError',
  code,
  shortMessage: code,
  userMessage: code,
}))
const view = fc.constantFrom(...VIEWS)
/** A snack: a catalogue code with its values, or a site's own text. */
const snackMessage = fc.oneof(
  fc.record({
    code: fc.constantFrom(...ERROR_CODE_LIST),
    variant: fc.constantFrom(...SNACK_VARIANTS),
  }),
  fc.record({
    code: fc.constant('EMAIL_LOGIN_COOLDOWN'),
    params: fc.record({ seconds: fc.integer({ min: 1, max: 30 }) }),
    variant: fc.constant('error' as const),
  }),
  fc.record({ text: fc.constant('m'), variant: fc.constantFrom(...SNACK_VARIANTS) }),
)
export const decimal = fc.integer({ min: 0, max: 10_000 }).map((value) => (value / 100).toString())
export const token = namespaceAndNetwork.chain(({ networkId }) =>
  fc.record({
    name: fc.constantFrom('Toy', 'USD'),
    symbol: fc.constantFrom('TOY', 'USD'),
    chainId: fc.constant(networkId),
    address: fc.constantFrom('ty0', 'usd'),
    price: fc.double({ min: 0, max: 10, noNaN: true }),
    quantity: fc.record({ decimals: fc.constantFrom('0', '6', '18'), numeric: decimal }),
  }),
)
export const tokenInfo = namespaceAndNetwork.chain(({ networkId }) =>
  fc.record({
    address: fc.constantFrom('ty0', 'usd'),
    symbol: fc.constantFrom('TOY', 'USD'),
    name: fc.constantFrom('Toy', 'USD'),
    decimals: fc.constantFrom(0, 6, 18),
    chainId: fc.constant(networkId),
  }),
)
export const session = caipAddress.map(({ caipAddress: address }) => {
  const [namespace, reference, account] = address.split(':') as [string, string, string]
  return {
    data: {
      accountAddress: account,
      chainId: `${namespace}:${reference}` as CaipNetworkId,
      domain: 'site.example',
      uri: 'https://site.example',
      version: '1',
      nonce: 'n',
    },
    message: 'sign in',
    signature: 'sig',
  }
})
const connector = anyNamespace.chain((namespace) =>
  fc.record({
    id: connectorId,
    name: fc.constant('Wallet'),
    type: fc.constantFrom('ANNOUNCED', 'INJECTED', 'EXTERNAL', 'MULTI_CHAIN', 'AUTH'),
    namespace: fc.constant(namespace),
    rdns: fc.constantFrom('org.example.a', 'org.example.b'),
  }),
)
const recentWallet = fc.record({ id: connectorId, name: fc.constant('Wallet') })
/** Link-like strings, hostile ones included, for the registry sanitiser. */
export const untrustedLinkArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'metamask://',
    'okex://main',
    'https://wallet.example/app',
    'http://wallet.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)//metamask://',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://x.example/1',
    'about:blank',
    'intent://scan#Intent;end',
    'c:/windows',
    'wallet://"><img src=x onerror=alert(1)>',
    '//evil.example',
    '',
  ),
  fc.webUrl(),
  fc.string({ maxLength: 30 }),
  fc
    .tuple(fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,12}$/), fc.string({ maxLength: 12 }))
    .map(([scheme, rest]) => `${scheme}:${rest}`),
)

/** Wallet names, hostile ones included. */
export const untrustedNameArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'MetaMask',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '  Rain\u202Ebow\n',
    '\u0000\u0007',
    'x'.repeat(200),
  ),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
)

/** One `getWallets` entry as a registry (honest or not) might send it. */
export const wireWalletArbitrary = fc.record(
  {
    id: fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }),
      fc.constantFrom('w1', 'w2', 'w3'),
    ),
    name: untrustedNameArbitrary,
    image_id: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
    image_url: fc.option(untrustedLinkArbitrary, { nil: null }),
    homepage: fc.option(untrustedLinkArbitrary, { nil: null }),
    mobile_link: fc.option(untrustedLinkArbitrary, { nil: null }),
    desktop_link: fc.option(untrustedLinkArbitrary, { nil: null }),
    webapp_link: fc.option(untrustedLinkArbitrary, { nil: null }),
    app_store: fc.option(untrustedLinkArbitrary, { nil: null }),
    play_store: fc.option(untrustedLinkArbitrary, { nil: null }),
    rdns: fc.option(fc.constantFrom('org.example.a', 'io.metamask'), { nil: null }),
  },
  { requiredKeys: ['id', 'name'] },
)

/** A sanitised registry wallet: a built-in one, or a random wire entry through the sanitiser. */
export const registryWalletArbitrary: fc.Arbitrary<RegistryWallet> = fc.oneof(
  fc.constantFrom(...BUILT_IN_WALLETS),
  wireWalletArbitrary
    .map((entry) =>
      toRegistryWallet(entry, { baseUrl: 'https://registry.example', projectId: 'p' }),
    )
    .filter((wallet): wallet is RegistryWallet => wallet !== undefined),
)

export const registryRequest = fc.oneof(
  fc.record({ kind: fc.constant('page' as const), page: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('featured' as const), page: fc.constant(1) }),
  fc.record({
    kind: fc.constant('search' as const),
    page: fc.constant(1),
    query: fc.constantFrom('', 'meta', 'rain'),
  }),
)

export const correlationId = fc.option(fc.constantFrom('c1', 'c2', 'c3'), { nil: undefined })

/**
 * Every core event type but the pairing link: plugins report it, and the kit holds the report
 * until the WalletConnect pairing feature has loaded, so it never reaches a log before that
 * feature's `feature/loaded`. The feature's own arbitrary generates it.
 */
type Builders = {
  [TType in Exclude<CoreEventType, 'walletConnect/pairingCreated'>]: fc.Arbitrary<
    Extract<EventInput, { type: TType }>['payload']
  >
}

const payloads: Builders = {
  'kit/configured': fc.record({
    options: fc.record(
      {
        features: fc.constant({}),
        socials: fc.subarray([...SOCIAL_PROVIDERS]),
        customWallets: fc.constant([]),
        includeWalletIds: fc.constant([]),
        excludeWalletIds: fc.subarray(['other']),
        tokens: fc.constant([]),
        siwx: fc.option(fc.record({ required: fc.boolean() }), { nil: null }),
        embedded: fc.boolean(),
        allowUnsupportedNetworks: fc.boolean(),
        walletConnectBasic: fc.boolean(),
        defaultAccountTypes: fc.constant({ toychain: 'smartAccount' as const }),
        projectId: fc.constant('p'),
        walletRegistryUrl: fc.constantFrom('https://registry.example', null),
        featuredWalletIds: fc.subarray([BUILT_IN_WALLETS[1]!.id, 'w1']),
      },
      {
        requiredKeys: [
          'features',
          'socials',
          'customWallets',
          'includeWalletIds',
          'excludeWalletIds',
          'tokens',
          'siwx',
          'embedded',
          'allowUnsupportedNetworks',
          'walletConnectBasic',
          'defaultAccountTypes',
          'featuredWalletIds',
        ],
      },
    ),
    environment: fc.record({
      device: fc.constantFrom('mobile', 'desktop'),
      telegramPlatform: fc.constantFrom('ios', 'mac', 'android', 'other', null),
      isIosSafari: fc.boolean(),
    }),
  }),
  'namespace/registered': anyNamespace.map(
    (namespace) =>
      registered(namespace).payload as Extract<
        EventInput,
        { type: 'namespace/registered' }
      >['payload'],
  ),
  'storage/restored': fc.record(
    {
      recentWallets: fc.array(recentWallet, { maxLength: 4 }),
      connectorIds: fc.dictionary(anyNamespace, connectorId),
      activeNamespace: anyNamespace,
    },
    { requiredKeys: [] },
  ),
  'storage/discarded': fc.record({ key: fc.constant('k'), reason: fc.constant('r') }),
  // No feature is registered in the core catalogue's folds: these must change nothing but
  // operations' last failure.
  'feature/loaded': fc.record({ name: fc.constant('unregistered'), restored: fc.constant({}) }),
  'feature/failed': fc.record({
    name: fc.constant('unregistered'),
    intent: fc.constant('go'),
    error,
  }),
  'connectors/discovered': anyNamespace.chain((namespace) =>
    fc.record({
      namespace: fc.constant(namespace),
      connectors: fc.array(
        connector.map((entry) => ({ ...entry, namespace })),
        { maxLength: 3 },
      ),
    }),
  ),
  'connectors/removed': fc.record({
    namespace: anyNamespace,
    ids: fc.array(connectorId, { maxLength: 2 }),
  }),
  'walletCatalogue/updated': fc.record(
    {
      wallets: fc.array(registryWalletArbitrary, { maxLength: 3 }),
      listed: fc.array(fc.constantFrom('metamask', 'rainbow', 'unknown'), { maxLength: 3 }),
    },
    { requiredKeys: ['wallets'] },
  ),
  'connection/intended': fc.record({ namespace: anyNamespace, connectorId }),
  'connection/requested': fc.record({ namespace: anyNamespace, connectorId, silent: fc.boolean() }),
  'connection/succeeded': caipAddress.chain(({ namespace, caipAddress: address }) =>
    fc.record({
      namespace: fc.constant(namespace),
      connectorId,
      caipAddress: fc.constant(address),
      accounts: fc.constant([{ caipAddress: address, type: 'eoa' as const }]),
      networkId: fc.constant(address.split(':').slice(0, 2).join(':') as CaipNetworkId),
      recentWallet: fc.option(recentWallet, { nil: undefined }),
    }),
  ),
  'connection/failed': fc.record({
    namespace: anyNamespace,
    connectorId,
    silent: fc.boolean(),
    error,
  }),
  'disconnection/requested': fc.record({ namespace: anyNamespace }, { requiredKeys: [] }),
  'disconnection/succeeded': fc.record({ namespaces: fc.subarray(['toychain', 'toyb', 'ghost']) }),
  'disconnection/failed': fc.record({ namespaces: fc.subarray(['toychain', 'toyb']), error }),
  'networkSwitch/requested': namespaceAndNetwork.map(({ networkId }) => ({ networkId })),
  'networkSwitch/succeeded': namespaceAndNetwork.map(({ networkId }) => ({ networkId })),
  'networkSwitch/failed': namespaceAndNetwork.chain(({ networkId }) =>
    error.map((value) => ({ networkId, error: value })),
  ),
  'account/changed': caipAddress,
  'network/changed': namespaceAndNetwork,
  'wallet/disconnected': fc.record({ namespace: anyNamespace }),
  'namespace/activated': fc.record({ namespace: anyNamespace }),
  'accountType/changed': fc.record({
    namespace: anyNamespace,
    accountType: fc.constantFrom('eoa', 'smartAccount', 'payment', 'ordinals'),
  }),
  'account/tabSelected': fc.record({ tab: fc.constantFrom(...ACCOUNT_TABS) }),
  'account/profileResolved': caipAddress.chain((base) =>
    fc.record({
      namespace: fc.constant(base.namespace),
      caipAddress: fc.constant(base.caipAddress),
      profileName: fc.option(fc.constant('toy.eth'), { nil: null }),
      profileImage: fc.constant(null),
    }),
  ),
  'account/socialProviderChanged': fc.record({
    namespace: anyNamespace,
    provider: fc.option(fc.constantFrom(...SOCIAL_PROVIDERS), { nil: null }),
    isWindowOpen: fc.boolean(),
  }),
  'account/farcasterUrlChanged': fc.record({
    namespace: anyNamespace,
    url: fc.option(fc.constant('https://f.example'), { nil: null }),
  }),
  'balance/requested': caipAddress,
  'balance/succeeded': caipAddress.chain((base) =>
    fc.record({
      namespace: fc.constant(base.namespace),
      caipAddress: fc.constant(base.caipAddress),
      balance: decimal,
      symbol: fc.constant('TOY'),
      tokens: fc.array(token, { maxLength: 3 }),
    }),
  ),
  'balance/invalidated': caipAddress,
  'balance/failed': caipAddress.chain((base) => error.map((value) => ({ ...base, error: value }))),
  'modal/opened': fc.record({ view, namespace: anyNamespace }, { requiredKeys: [] }),
  'modal/closed': fc.constant({}),
  'modal/loadingChanged': fc.record({ isLoading: fc.boolean() }),
  'modal/shakeStarted': fc.constant({}),
  'modal/shakeEnded': fc.constant({}),
  'router/pushed': fc.record({ view }),
  'router/replaced': fc.record({ view }),
  'router/wentBack': fc.constant({}),
  'router/reset': fc.record({ view }),
  'snack/requested': snackMessage,
  'snack/shown': snackMessage,
  'snack/hidden': fc.constant({}),
  'alert/shown': fc.record({ message: fc.constant('a') }),
  'alert/dismissed': fc.constant({}),
  'signature/requested': caipAddress.map((base) => ({ ...base, message: 'hello' })),
  'signature/succeeded': fc.record({ namespace: anyNamespace, signature: fc.constant('s') }),
  'signature/failed': fc.record({ namespace: anyNamespace, error }),
  'authConnector/reloadRequested': fc.constant({}),
}

/** Both toy namespaces registered: the world a random session starts from. */
export const registeredInputs: readonly EventInput[] = [registered('toychain'), registered('toyb')]

/** One schema-valid event input of any type. */
export const eventInputArbitrary: fc.Arbitrary<EventInput> = fc.oneof(
  ...(Object.keys(payloads) as (keyof Builders)[]).map((type) =>
    fc
      .tuple(payloads[type] as fc.Arbitrary<unknown>, correlationId)
      .map(
        ([payload, id]) => ({ type, payload, ...(id ? { correlationId: id } : {}) }) as EventInput,
      ),
  ),
)

/**
 * A random session: registrations of both toy namespaces and their wallets first (so the world is
 * populated), then any events.
 */
export const eventSequenceArbitrary = fc
  .array(eventInputArbitrary, { maxLength: 60 })
  .map((events): EventInput[] => [...registeredInputs, ...events])
