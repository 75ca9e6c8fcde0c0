'use client'
import { defineViews, type ViewRegistration } from './registry.js'

/**
 * The core views a first open does not need (Connect ships with the modal): each is fetched the
 * first time it is shown.
 * @internal
 */
export const CORE_VIEW_REGISTRATIONS: readonly ViewRegistration[] = [
  defineViews({
    views: ['ConnectingExternal'],
    load: () =>
      import('./ConnectingExternalView.js').then((module) => module.ConnectingExternalView),
  }),
  defineViews({
    views: ['Account'],
    title: 'account.title',
    load: () => import('./AccountView.js').then((module) => module.AccountView),
  }),
  defineViews({
    views: ['Networks', 'UnsupportedChain'],
    title: { Networks: 'networks.title', UnsupportedChain: 'unsupported.title' },
    load: () => import('./NetworksView.js').then((module) => module.NetworksView),
  }),
]

/** The registry key of the fallback view (no view has this name). @internal */
export const UNAVAILABLE = '\u0000unavailable'

/** What shows for a view this page has no component for. @internal */
export const UNAVAILABLE_VIEW: ViewRegistration = defineViews({
  views: [UNAVAILABLE],
  load: () => import('./UnavailableView.js').then((module) => module.UnavailableView),
})
