'use client'
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'
import type { Kit } from '../kernel/index.js'
import {
  type Locale,
  type MessageCatalogue,
  toMessageCatalogue,
  translate,
} from './copy/messages.js'
import { Modal } from './Modal.js'
import { DEFAULT_VIEW_REGISTRATIONS } from './views/defaultViews.js'
import { createViewRegistry, type ViewRegistration, type ViewRegistry } from './views/registry.js'

/** What the UI layer shares with its components. */
export interface UiContext {
  readonly kit: Kit
  readonly theme: 'dark' | 'light'
  /** The catalogue in use (English for `'en'`); `locale.tag` is the language's BCP 47 tag. */
  readonly locale: MessageCatalogue
  /** Translates a message id for the current locale. */
  readonly t: (id: string, values?: Readonly<Record<string, string | number>>) => string
  /** The views the modal can show. */
  readonly views: ViewRegistry
}

const KitContext = createContext<UiContext | null>(null)

/** Props of {@link KitProvider}. */
export interface KitProviderProps {
  /** The kit from `createKit`. */
  readonly kit: Kit
  /** `dark` (default) or `light`. */
  readonly theme?: 'dark' | 'light'
  /**
   * `'en'` (default, built in) or a catalogue such as `de` from `@gangway/kit/react/locales/de`.
   * Pass a module-level object: the context is memoized on its identity.
   */
  readonly locale?: Locale
  /** Leave out the modal (a site rendering its own UI on the hooks). */
  readonly withoutModal?: boolean
  /**
   * Views over the built-in ones (the core's and the shipped features'): a site's own feature
   * views, or replacements of shipped ones. Pass a module-level array: the context is memoized on
   * its identity.
   */
  readonly views?: readonly ViewRegistration[]
  readonly children?: ReactNode
}

/**
 * Makes a kit available to Gangway's hooks and components below it, and renders the modal. Once
 * mounted (for a server-rendered page: hydrated) it applies the visitor's stored session to a kit
 * made with `ssr: true` (`kit.restore()`), so the returning visitor's account shows right after
 * hydration and the hydrating render still matches the server's HTML.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { KitProvider } from '@gangway/kit/react'
 * const kit = createKit({ plugins: [] })
 * export const App = () => <KitProvider kit={kit}><Page /></KitProvider>
 */
export function KitProvider({
  kit,
  theme = 'dark',
  locale = 'en',
  withoutModal,
  views,
  children,
}: KitProviderProps) {
  const catalogue = toMessageCatalogue(locale)
  // After the commit that hydrated the server's HTML, never during it: what storage holds would
  // change the markup. Idempotent, so a kit that restored at creation, strict mode's second
  // mount and a second provider change nothing.
  useEffect(() => kit.restore(), [kit])
  const registry = useMemo(
    () => createViewRegistry([...DEFAULT_VIEW_REGISTRATIONS, ...(views ?? [])], kit),
    [kit, views],
  )
  const value = useMemo<UiContext>(
    () => ({
      kit,
      theme,
      locale: catalogue,
      views: registry,
      t: (id, values) =>
        // A site's views bring their English copy; a catalogue may still translate it.
        catalogue.messages[id] === undefined && registry.messages[id] !== undefined
          ? translate({ tag: catalogue.tag, messages: registry.messages }, id, values)
          : translate(catalogue, id, values),
    }),
    [kit, theme, catalogue, registry],
  )
  return (
    <KitContext.Provider value={value}>
      {children}
      {withoutModal ? null : <Modal />}
    </KitContext.Provider>
  )
}

/**
 * The UI context of the nearest {@link KitProvider}: kit, theme, locale and translation.
 * @example
 * import { useUi } from '@gangway/kit/react'
 * const { t } = useUi()
 * @throws when there is no provider above.
 */
export function useUi(): UiContext {
  const context = useContext(KitContext)
  if (!context) throw new Error('Gangway: wrap your app in <KitProvider kit={kit}>.')
  return context
}

/**
 * The kit of the nearest {@link KitProvider}.
 * @example
 * import { useKitInstance } from '@gangway/kit/react'
 * const kit = useKitInstance()
 * @throws when there is no provider above.
 */
export function useKitInstance(): Kit {
  return useUi().kit
}
