/**
 * The eager part of the embedded wallet feature: name, views, wake rule and loader, all a page
 * pays for until its visitor picks email or social login.
 * @module
 */
import { defineFeature, type KitState, selectActiveAccount } from '../../kernel/index.js'
import type { EmbeddedWalletIntents } from './intents.js'
import { EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedWallet } from './wallet.js'

/** Parameters of {@link embeddedWallet}. */
export interface EmbeddedWalletFeatureParameters {
  /** The wallet from `createEmbeddedWallet`, the same the chain plugins got. */
  readonly wallet: EmbeddedWallet
}

/**
 * The email update's views (§4 VERIFY_PRIMARY_OTP, VERIFY_SECONDARY_OTP), in the order shown. Here, not
 * in the slice, so that configuring the wallet loads no more than its definition.
 */
export const UPDATE_EMAIL_VIEWS = [
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
] as const

/**
 * Whether the account shown is an embedded wallet's signed in with an email code: its address is
 * the one an email update changes (a social login's belongs to its provider).
 */
const isEmailLoginAccount = (state: KitState): boolean => {
  const namespace = state.activeNamespace
  if (!namespace) return false
  const account = selectActiveAccount(state)
  return (
    account?.status === 'connected' &&
    account.connectorId === EMBEDDED_WALLET_CONNECTOR_ID &&
    !account.socialProvider &&
    Boolean(state.embeddedWallet?.users[namespace]?.email)
  )
}

/**
 * Email and social login into the self-hosted embedded wallet: the email, code and device views,
 * social login in a popup (or a redirect), the §3 user in state, sign-out on disconnect, and the
 * ApproveTransaction view that shows the wallet's frame for the visitor's click.
 * @example
 * import { createEmbeddedWallet, embeddedWallet } from '@gangway/kit/embedded-wallet'
 * const wallet = createEmbeddedWallet({ walletOrigin: 'https://wallet.example', projectId: 'p1' })
 * const kit = createKit({ plugins: [eip155({ embeddedWallet: wallet })], features: [embeddedWallet({ wallet })] })
 * @param parameters - the wallet.
 * @returns the feature.
 * @see /docs/embedded-wallet.md
 */
export const embeddedWallet = (parameters: EmbeddedWalletFeatureParameters) =>
  defineFeature<'embeddedWallet', EmbeddedWalletIntents>({
    name: 'embeddedWallet',
    views: [
      'EmailLogin',
      'EmailVerifyOtp',
      'EmailVerifyDevice',
      'ConnectingSocial',
      'ApproveTransaction',
      ...UPDATE_EMAIL_VIEWS,
    ],
    // A restored session (the AUTH connector reconnecting after a reload) needs the user and the
    // sign-out on disconnect; a page back from a social login's redirect fallback finishes it (on
    // the kit's first transitions: its storage restore).
    wakesOn: ({ event }) =>
      ((event.type === 'connection/requested' || event.type === 'connection/intended') &&
        event.payload.connectorId === EMBEDDED_WALLET_CONNECTOR_ID) ||
      /[#&]gangway-social=/.test(
        (globalThis as { location?: { hash?: string } }).location?.hash ?? '',
      ),
    load: () =>
      import('./module.js').then((module) => module.createEmbeddedWalletModule(parameters.wallet)),
    ui: {
      load: () => import('./react/index.js').then((module) => module.embeddedWalletUi),
      accountActions: [
        {
          id: 'updateEmail',
          view: UPDATE_EMAIL_VIEWS[0],
          label: {
            en: 'Update email',
            de: 'E-Mail ändern',
            es: 'Cambiar correo',
            fr: 'Modifier l’e-mail',
            it: 'Modifica email',
            pt: 'Alterar e-mail',
            ja: 'メールを変更',
            'zh-CN': '更改邮箱',
            ko: '이메일 변경',
            tr: 'E-postayı değiştir',
            ru: 'Изменить почту',
            ar: 'تغيير البريد الإلكتروني',
          },
          isOffered: isEmailLoginAccount,
        },
      ],
    },
  })
