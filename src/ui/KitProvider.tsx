'use client'
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react'
import type { ErrorCode, Kit } from '../kernel/index.js'
import {
  en,
  fill,
  type Locale,
  type MessageCatalogue,
  toMessageCatalogue,
} from './copy/messages.js'
import { Modal } from './Modal.js'
import { CORE_VIEW_REGISTRATIONS, UNAVAILABLE_VIEW } from './views/coreViews.js'
import { createViewRegistry, type ViewRegistration, type ViewRegistry } from './views/registry.js'

/** What the UI layer shares with its components. */
export interface UiContext {
  readonly kit: Kit
  readonly theme: 'dark' | 'light'
  /** The catalogue in use (English for `'en'`); `locale.tag` is the language's BCP 47 tag. */
  readonly locale: MessageCatalogue
  /**
   * Translates a message id for the current locale: the catalogue's text, else a loaded feature's
   * copy in that language, else English; an id nobody has reads as itself.
   */
  readonly t: (id: string, values?: Readonly<Record<string, string | number>>) => string
  /**
   * The text of a catalogue code (a notice id or an error code, what snacks carry), in the
   * locale, values filled; else the kit's English text for it.
   */
  readonly codeText: (
    code: string,
    params?: Readonly<Record<string, string | number>> | null,
  ) => string
  /**
   * The visitor-facing text of a kit error: the locale's copy of its code, else the error's own
   * `userMessage`. Never `details`.
   */
  readonly errorText: (error: { readonly code: ErrorCode; readonly userMessage: string }) => string
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
    () => createViewRegistry([UNAVAILABLE_VIEW, ...CORE_VIEW_REGISTRATIONS, ...(views ?? [])], kit),
    [kit, views],
  )
  // A feature's UI brings its copy when it arrives: the texts that need it render again.
  const copyVersion = useSyncExternalStore(registry.subscribe, registry.version, registry.version)
  // biome-ignore lint/correctness/useExhaustiveDependencies: copyVersion is the registry's copy growing as feature UIs arrive; the lookups read it.
  const value = useMemo<UiContext>(() => {
    const lookup = (id: string): string | undefined =>
      catalogue.messages[id] ??
      registry.messagesOf(catalogue.tag)[id] ??
      en.messages[id] ??
      registry.messagesOf('en')[id]
    return {
      kit,
      theme,
      locale: catalogue,
      views: registry,
      t: (id, values = {}) => fill(lookup(id) ?? id, values),
      codeText: (code, params) => {
        const template = lookup(`notice.${code}`) ?? lookup(`error.${code}`)
        return template === undefined
          ? kit.catalogue.textOf(code, params ?? undefined)
          : fill(template, params ?? {})
      },
      errorText: (error) => {
        const template = lookup(`error.${error.code}`)
        // A template with values ('HTTP status code: {status}') cannot be filled from a code
        // alone; the error's own text already has them.
        return !template || template.includes('{') ? error.userMessage : template
      },
    }
  }, [kit, theme, catalogue, registry, copyVersion])
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

/** A feature's copy by BCP 47 language tag, as its React part declares it. */
export type FeatureCopy = Readonly<Record<string, Readonly<Record<string, string>>>>

/**
 * {@link useUi} for a feature's own views: `t`, `codeText` and `errorText` read the feature's copy
 * in the visitor's language first (a site's catalogue may still translate an id), so a view shows
 * its words wherever it is rendered, in the modal or on its own in the page.
 * @example
 * import { useFeatureCopy } from '@gangway/kit/react'
 * import { tipMessages } from './messages.js'
 * const TipView = () => <h2>{useFeatureCopy(tipMessages).t('tip.title')}</h2>
 * @param copy - the feature's copy by language tag (`en` complete).
 * @returns the UI context with the feature's copy.
 * @throws when used outside a `KitProvider`.
 */
export function useFeatureCopy(copy: FeatureCopy): UiContext {
  const ui = useUi()
  return useMemo(() => {
    const tag = ui.locale.tag
    const lookup = (id: string): string | undefined =>
      ui.locale.messages[id] ?? copy[tag]?.[id] ?? copy[tag.split('-')[0]!]?.[id] ?? copy.en?.[id]
    return {
      ...ui,
      t: (id, values = {}) => {
        const text = lookup(id)
        return text === undefined ? ui.t(id, values) : fill(text, values)
      },
      codeText: (code, params) => {
        const text = lookup(`notice.${code}`) ?? lookup(`error.${code}`)
        return text === undefined ? ui.codeText(code, params) : fill(text, params ?? {})
      },
      errorText: (error) => {
        const text = lookup(`error.${error.code}`)
        return !text || text.includes('{') ? ui.errorText(error) : text
      },
    }
  }, [ui, copy])
}
