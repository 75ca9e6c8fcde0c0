'use client'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { createLoader, type Kit, type Loader } from '../../kernel/index.js'

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

/** The views a provider knows, by name. */
export interface ViewRegistry {
  get(view: string): RegisteredView | undefined
  /** The English copy every registration brings. */
  readonly messages: Readonly<Record<string, string>>
  /** The title message id (or text) of a view. */
  titleOf(view: string): string | undefined
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

/**
 * Builds the registry of a provider: later registrations of a view name win, so a site can
 * replace a shipped view.
 * @internal
 */
export function createViewRegistry(
  registrations: readonly ViewRegistration[],
  kit: Kit,
): ViewRegistry {
  const byView = new Map<string, RegisteredView>()
  let messages: Record<string, string> = {}
  for (const registration of registrations) {
    const registered = registerView(registration, kit)
    for (const view of registration.views) byView.set(view, registered)
    messages = { ...messages, ...registration.messages }
  }
  return {
    get: (view) => byView.get(view),
    messages,
    titleOf: (view) => {
      const title = byView.get(view)?.registration.title
      return typeof title === 'string' ? title : title?.[view]
    },
  }
}
