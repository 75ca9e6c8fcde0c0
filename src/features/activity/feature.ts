/**
 * The eager part of the activity feature: its name, wake rule and loader, all a page pays for
 * until Account is shown. Kept apart from the feature's public entry so that registering it pulls
 * in nothing else of the feature.
 * @module
 */
import { defineFeature } from '../../kernel/index.js'

/**
 * The activity feature: the Account view's activity list and `kit.features.activity.*`. Its code
 * loads when Account is shown or one of its intents is called. Without a `serviceUrl` it lists
 * only the sends made in this page, and never claims there is nothing more.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { activity } from '@gangway/kit/activity'
 * import { send } from '@gangway/kit/send'
 * const kit = createKit({ plugins, serviceUrl: 'http://127.0.0.1:8787', features: [send(), activity()] })
 * await kit.features.activity.loadMore()
 * @returns the feature.
 * @see /docs/server.md
 */
export const activity = () =>
  defineFeature({
    name: 'activity',
    wakesOn: ({ after }) => after.modal.isOpen && after.router.view === 'Account',
    load: () => import('./module.js').then((module) => module.activityModule),
    ui: {
      load: () => import('./react/index.js').then((module) => module.activityUi),
      accountTabs: [
        {
          id: 'activity',
          label: {
            en: 'Activity',
            de: 'Aktivität',
            es: 'Actividad',
            fr: 'Activité',
            it: 'Attività',
            pt: 'Atividade',
            ja: 'アクティビティ',
            'zh-CN': '活动',
            ko: '활동',
            tr: 'Etkinlik',
            ru: 'Активность',
            ar: 'النشاط',
          },
        },
      ],
    },
  })
