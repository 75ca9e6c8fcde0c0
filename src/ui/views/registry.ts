'use client'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { createLoader, type Kit, type Loader } from '../../kernel/index.js'
import { copyIn, copyVersion, type FeatureCopy, loadCopy } from '../copy/featureCopy.js'

/** What a view component receives: the view it is showing (one component may serve several). */
export interface ViewProps {
  readonly view: string
}

/**
 * Views the modal can show, registered like features are (`<KitProvider views={[...]}>`): the
 * view names, the component (loaded on first show), its title and the feature whose code it needs.
 * @example
 * import { defineViews } from '@gangway/kit/react'
 * export const tipViews = defineViews({
 *   views: ['Tip'],
 *   title: 'Leave a tip',
 *   feature: 'tips',
 *   load: () => import('./TipView.js').then((module) => module.TipView),
 * })
 * @see /docs/features.md
 */
export interface ViewRegistration {
  /** The view names this component renders. */
  readonly views: readonly string[]
  /** The header title: a message id or text, per view or for all of them. */
  readonly title?: string | Readonly<Record<string, string>>
  /** Loads the component (a dynamic `import()`, so it has a chunk of its own). */
  readonly load: () => Promise<ComponentType<ViewProps>>
  /** The feature whose code the view needs; it is loaded beside the component. */
  readonly feature?: string
  /** English copy the view uses, by message id (a catalogue may translate it). */
  readonly messages?: Readonly<Record<string, string>>
}

/**
 * Declares a {@link ViewRegistration}: an identity helper for inference.
 * @example
 * import { defineViews } from '@gangway/kit/react'
 * const registration = defineViews({ views: ['Tip'], load: () => import('./TipView.js').then((m) => m.TipView) })
 * @param registration - the views, loader, title and feature.
 * @returns the same registration.
 */
export function defineViews(registration: ViewRegistration): ViewRegistration {
  return registration
}

/**
 * A feature's React part, what its `ui.load()` brings (`@gangway/kit/react/<feature>`): its views,
 * the components of the Account tabs it declares, a line for the Account view, and its copy.
 * @example
 * import { defineFeatureUi, defineViews } from '@gangway/kit/react'
 * export const tipUi = defineFeatureUi({
 *   views: [defineViews({ views: ['Tip'], title: 'tip.title', load: () => import('./TipView.js').then((m) => m.TipView) })],
 *   messages: { en: { 'tip.title': 'Leave a tip' }, de: { 'tip.title': 'Trinkgeld geben' } },
 * })
 * @see /docs/features.md
 */
export interface FeatureUi {
  /** The feature's views. */
  readonly views?: readonly ViewRegistration[]
  /** The components of the Account tabs the feature declares (`ui.accountTabs`), by tab id. */
  readonly tabs?: Readonly<Record<string, ComponentType>>
  /** A line the Account view shows once this UI is here (the status of a sent transaction). */
  readonly accountNotice?: ComponentType
  /**
   * The feature's copy by BCP 47 language tag: `en` complete and inline, the others inline or
   * loaders of modules of their own (fetched with the feature's UI when a provider shows that
   * language); they may leave ids out (those read in English). Error codes are `error.<CODE>`,
   * notices `notice.<ID>`.
   */
  readonly messages?: FeatureCopy
}

/**
 * Declares a {@link FeatureUi}: an identity helper for inference.
 * @example
 * import { defineFeatureUi } from '@gangway/kit/react'
 * export const tipUi = defineFeatureUi({ messages: { en: { 'tip.title': 'Leave a tip' } } })
 * @param ui - the views, tabs, Account line and copy.
 * @returns the same object.
 */
export function defineFeatureUi(ui: FeatureUi): FeatureUi {
  return ui
}

/** A registered view, ready to render: its lazy component and whether its code is here. */
export interface RegisteredView {
  readonly registration: ViewRegistration
  /** The component (a `React.lazy` one). */
  readonly Component: LazyExoticComponent<ComponentType<ViewProps>>
  /** Loads the view's code and its feature's; resolves once it can render without suspending. */
  preload(): Promise<void>
  /** Whether the code is here. */
  isLoaded(): boolean
}

/** The views a provider knows, by name, and the feature UIs it has loaded. */
export interface ViewRegistry {
  get(view: string): RegisteredView | undefined
  /** The title message id (or text) of a view; a feature's, once its UI is here. */
  titleOf(view: string): string | undefined
  /** The copy the registrations and the loaded feature UIs bring for a language tag. */
  messagesOf(tag: string): Readonly<Record<string, string>>
  /** A feature's UI if its code is here (nothing is loaded). */
  uiOf(feature: string): FeatureUi | undefined
  /** Loads a feature's UI (once per kit); `undefined` for a feature without one. */
  loadUi(feature: string): Promise<FeatureUi | undefined>
  /**
   * Says a provider shows a language: every feature UI loads its copy in that language before
   * its views show, and the ones already here fetch it now. Returns the release.
   */
  showLanguage(tag: string): () => void
  /** Calls `listener` whenever a feature UI arrives (its titles and copy with it). */
  subscribe(listener: () => void): () => void
  /** Changes whenever a feature UI arrives, for `useSyncExternalStore`. */
  version(): number
}

// A view's code loads once per kit, however often providers are created (a remount, a test).
const registeredViews = new WeakMap<ViewRegistration, WeakMap<Kit, RegisteredView>>()

function registerView(registration: ViewRegistration, kit: Kit): RegisteredView {
  let perKit = registeredViews.get(registration)
  if (!perKit) {
    perKit = new WeakMap()
    registeredViews.set(registration, perKit)
  }
  const known = perKit.get(kit)
  if (known) return known
  const made = makeRegisteredView(registration, kit)
  perKit.set(kit, made)
  return made
}

function makeRegisteredView(registration: ViewRegistration, kit: Kit): RegisteredView {
  const loader: Loader<ComponentType<ViewProps>> = createLoader(async () => {
    // The view and its feature's code load side by side; the view renders its slice at once.
    const [component] = await Promise.all([
      registration.load(),
      registration.feature ? kit.loadFeature(registration.feature) : undefined,
    ])
    return component
  })
  const Component = lazy(() => {
    // React.lazy suspends on any promise, even a settled one; a thenable that answers at once
    // lets a view whose code is already here render in the same pass. React reads it once.
    const ready = loader.current()
    if (ready) {
      const settled: PromiseLike<{ default: ComponentType<ViewProps> }> = {
        // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point
        then: (onFulfilled) => {
          onFulfilled?.({ default: ready })
          return settled as never
        },
      }
      return settled as Promise<{ default: ComponentType<ViewProps> }>
    }
    return loader.load().then((loaded) => ({ default: loaded }))
  })
  return {
    registration,
    Component,
    preload: () => loader.load().then(() => undefined),
    isLoaded: () => loader.current() !== undefined,
  }
}

/** Per kit: each feature's UI loader, and who to tell when one arrives. */
interface KitUis {
  readonly loaders: Map<string, Loader<FeatureUi | undefined>>
  readonly listeners: Set<() => void>
  /** The languages this kit's providers show, with how many providers show each. */
  readonly languages: Map<string, number>
  version: number
}

// A feature's UI loads once per kit, whatever provider or view asks.
const featureUis = new WeakMap<Kit, KitUis>()

function uisOf(kit: Kit): KitUis {
  let uis = featureUis.get(kit)
  if (!uis) {
    uis = { loaders: new Map(), listeners: new Set(), languages: new Map(), version: 0 }
    featureUis.set(kit, uis)
  }
  return uis
}

function featureUiLoader(kit: Kit, feature: string): Loader<FeatureUi | undefined> {
  const uis = uisOf(kit)
  let loader = uis.loaders.get(feature)
  if (!loader) {
    const definition = kit.definitions.find((entry) => entry.name === feature)
    const inner = createLoader(async () => {
      const ui = definition?.ui ? ((await definition.ui.load()) as FeatureUi) : undefined
      // Its copy in the page's languages comes with it, so a view never shows English first.
      await Promise.all([...uis.languages.keys()].map((tag) => loadCopy(ui?.messages, tag)))
      return ui
    })
    let announced = false
    loader = {
      current: inner.current,
      load: () =>
        inner.load().then((ui) => {
          // Its titles and copy are here now: every provider of this kit renders them. Told only
          // once `current()` answers, since a store change re-renders providers synchronously.
          if (!announced) {
            announced = true
            uis.version++
            for (const listener of uis.listeners) listener()
          }
          return ui
        }),
    }
    uis.loaders.set(feature, loader)
  }
  return loader
}

/** A feature view: its UI module and the feature's code load side by side, then its component. */
function featureView(kit: Kit, feature: string, view: string): RegisteredView {
  const registration: ViewRegistration = {
    views: [view],
    feature,
    load: async () => {
      const ui = await featureUiLoader(kit, feature).load()
      const own = ui?.views?.find((entry) => entry.views.includes(view))
      if (!own) throw new Error(`Gangway: the ${feature} feature has no view ${view}.`)
      return own.load()
    },
  }
  return registerView(registration, kit)
}

/**
 * Builds the registry of a provider: the registered features' views (each from its UI module,
 * loaded on first show), then the given registrations; a later registration of a view name wins,
 * so a site can replace a shipped view.
 * @internal
 */
export function createViewRegistry(
  registrations: readonly ViewRegistration[],
  kit: Kit,
): ViewRegistry {
  const byView = new Map<string, RegisteredView>()
  const ownerOf = new Map<string, string>()
  const viewRegistrations = new Map<string, ViewRegistration>()
  for (const definition of kit.definitions) {
    if (!definition.ui) continue
    for (const view of definition.views ?? []) {
      byView.set(view, featureView(kit, definition.name, view))
      ownerOf.set(view, definition.name)
    }
  }
  for (const registration of registrations) {
    const registered = registerView(registration, kit)
    for (const view of registration.views) {
      byView.set(view, registered)
      ownerOf.delete(view)
      viewRegistrations.set(view, registration)
    }
  }
  const uis = uisOf(kit)
  const copies = new Map<string, Readonly<Record<string, string>>>()
  let copiesVersion = ''
  const uiOf = (feature: string) => featureUiLoader(kit, feature).current()
  const titleFrom = (registration: ViewRegistration | undefined, view: string) => {
    const title = registration?.title
    return typeof title === 'string' ? title : title?.[view]
  }
  return {
    get: (view) => byView.get(view),
    titleOf: (view) => {
      const owner = ownerOf.get(view)
      if (owner === undefined) return titleFrom(viewRegistrations.get(view), view)
      return titleFrom(
        uiOf(owner)?.views?.find((entry) => entry.views.includes(view)),
        view,
      )
    },
    messagesOf: (tag) => {
      // A feature UI or a lazy language arriving both change what a tag reads.
      const current = `${uis.version}:${copyVersion()}`
      if (copiesVersion !== current) {
        copies.clear()
        copiesVersion = current
      }
      const cached = copies.get(tag)
      if (cached) return cached
      let messages: Record<string, string> = {}
      for (const registration of registrations) {
        if (tag === 'en' && registration.messages)
          messages = { ...messages, ...registration.messages }
      }
      for (const definition of kit.definitions) {
        const copy = copyIn(uiOf(definition.name)?.messages, tag)
        if (copy) messages = { ...messages, ...copy }
      }
      copies.set(tag, messages)
      return messages
    },
    uiOf,
    loadUi: (feature) => featureUiLoader(kit, feature).load(),
    showLanguage: (tag) => {
      uis.languages.set(tag, (uis.languages.get(tag) ?? 0) + 1)
      for (const loader of uis.loaders.values()) void loadCopy(loader.current()?.messages, tag)
      return () => {
        const left = (uis.languages.get(tag) ?? 1) - 1
        if (left > 0) uis.languages.set(tag, left)
        else uis.languages.delete(tag)
      }
    },
    subscribe: (listener) => {
      uis.listeners.add(listener)
      return () => uis.listeners.delete(listener)
    },
    version: () => uis.version,
  }
}
