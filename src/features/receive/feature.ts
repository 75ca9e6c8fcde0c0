/**
 * The eager part of the receive feature: its name, view and Account action, all a page pays for
 * until the visitor opens Receive.
 * @module
 */
import { defineFeature, WALLET_FEATURE_ORDER } from '../../kernel/index.js'

/**
 * The receive feature (§2, §9 `receive`): the connected address in full with a copy button and a
 * QR code, the network it is on, and a warning to send only on that network and chain family.
 * It needs no state of its own: its code is the view, loaded when the visitor opens Receive.
 * @example
 * import { createKit } from '@gangway/kit/core'
 * import { receive } from '@gangway/kit/receive'
 * const kit = createKit({ plugins: [eip155()], features: [receive()] })
 * kit.navigate('Receive')
 * @returns the feature.
 * @see /docs/features.md
 */
export const receive = () =>
  defineFeature({
    name: 'receive',
    views: ['Receive'],
    load: async () => ({}),
    ui: {
      load: () => import('./react/index.js').then((module) => module.receiveUi),
      accountActions: [
        {
          id: 'receive',
          view: 'Receive',
          order: WALLET_FEATURE_ORDER.indexOf('receive'),
          label: {
            en: 'Receive',
            de: 'Empfangen',
            es: 'Recibir',
            fr: 'Recevoir',
            it: 'Ricevi',
            pt: 'Receber',
            ja: '受け取る',
            'zh-CN': '接收',
            ko: '받기',
            tr: 'Al',
            ru: 'Получить',
            ar: 'استلام',
          },
          // The §9 switch says what the UI offers, also for a kit that lists the feature.
          isOffered: (state) => state.options.features.receive,
        },
      ],
    },
  })
