/**
 * The eager part of the send feature: its name, views, wake rule and loader, all a page pays for
 * until the feature is used. Kept apart from the feature's public entry so that registering it
 * pulls in nothing else of the feature.
 * @module
 */
import { defineFeature, WALLET_FEATURE_ORDER } from '../../kernel/index.js'

/**
 * The send feature: the Send views, `kit.features.send.*`, and the send flow. Its code loads when
 * the visitor opens Send or the site calls one of its intents.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { send } from '@gangway/kit/send'
 * const kit = createKit({ plugins: [eip155()], features: [send()] })
 * await kit.features.send.send({ to: '0xab16…', amount: '0.1' })
 * @returns the feature.
 * @see /docs/features.md
 */
export const send = () =>
  defineFeature({
    name: 'send',
    views: ['Send', 'SendSelectToken', 'SendPreview'],
    load: () => import('./module.js').then((module) => module.sendModule),
    ui: {
      load: () => import('./react/index.js').then((module) => module.sendUi),
      // §9 wallet features, in order: onramp, swaps, receive, send.
      accountActions: [
        {
          id: 'send',
          view: 'Send',
          order: WALLET_FEATURE_ORDER.indexOf('send'),
          label: {
            en: 'Send',
            de: 'Senden',
            es: 'Enviar',
            fr: 'Envoyer',
            it: 'Invia',
            pt: 'Enviar',
            ja: '送金',
            'zh-CN': '发送',
            ko: '보내기',
            tr: 'Gönder',
            ru: 'Отправить',
            ar: 'إرسال',
          },
          // The §9 switch says what the UI offers, also for a kit that lists the feature.
          isOffered: (state) => state.options.features.send,
        },
      ],
    },
  })
