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
  copyIn,
  copyVersion,
  type FeatureCopy,
  loadCopy,
  subscribeCopy,
} from './copy/featureCopy.js'
import { textDirection } from './copy/intl.js'
import {
  en,
  fill,
  type Locale,
  type MessageCatalogue,
  type MessageSource,
  textOf,
  toMessageCatalogue,
} from './copy/messages.js'
import { provideLogos } from './logos/logos.js'
import { Modal } from './Modal.js'
import { CORE_VIEW_REGISTRATIONS, UNAVAILABLE_VIEW } from './views/coreViews.js'
import { createViewRegistry, type ViewRegistration, type ViewRegistry } from './views/registry.js'

/** What the UI layer shares with its components. */
export interface UiContext {
  readonly kit: Kit
  readonly theme: 'dark' | 'light'
  /** The catalogue in use (English for `'en'`); `locale.tag` is the language's BCP 47 tag. */
  readonly locale: MessageCatalogue
  /** The direction the language is written in: the `dir` of everything Gangway renders. */
  readonly dir: 'ltr' | 'rtl'
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

/** The shipped logos' module, fetched the first time an icon asks. */
const loadLogoCatalogue = () => import('./logos/catalogue.js')

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
  // The icons below fetch the shipped logos through the provider (decision 0022).
  provideLogos(loadLogoCatalogue)
  // After the commit that hydrated the server's HTML, never during it: what storage holds would
  // change the markup. Idempotent, so a kit that restored at creation, strict mode's second
  // mount and a second provider change nothing.
  useEffect(() => kit.restore(), [kit])
  const registry = useMemo(
    () => createViewRegistry([UNAVAILABLE_VIEW, ...CORE_VIEW_REGISTRATIONS, ...(views ?? [])], kit),
    [kit, views],
  )
  // Feature UIs load their copy in this language with them, and the loaded ones fetch it now.
  useEffect(() => registry.showLanguage(catalogue.tag), [registry, catalogue.tag])
  // A feature's UI brings its copy when it arrives, and a lazy language when it is fetched: the
  // texts that need them render again.
  const uiVersion = useSyncExternalStore(registry.subscribe, registry.version, registry.version)
  const languageVersion = useSyncExternalStore(subscribeCopy, copyVersion, copyVersion)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the versions are the registry's copy growing as feature UIs and languages arrive; the lookups read it.
  const value = useMemo<UiContext>(() => {
    const sources = (): MessageSource[] => [
      [catalogue.tag, catalogue.messages],
      [catalogue.tag, registry.messagesOf(catalogue.tag)],
      ['en', en.messages],
      ['en', registry.messagesOf('en')],
    ]
    const lookup = (id: string, values: Readonly<Record<string, string | number>> = {}) =>
      textOf(sources(), id, values)
    return {
      kit,
      theme,
      locale: catalogue,
      dir: catalogue.dir ?? textDirection(catalogue.tag),
      views: registry,
      t: (id, values = {}) => fill(lookup(id, values) ?? id, values),
      codeText: (code, params) => {
        const template =
          lookup(`notice.${code}`, params ?? {}) ?? lookup(`error.${code}`, params ?? {})
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
  }, [kit, theme, catalogue, registry, uiVersion, languageVersion])
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
  const tag = ui.locale.tag
  // Rendered outside the modal (a list in the page), the view fetches its language itself; in the
  // modal the registry has fetched it before the view showed.
  useEffect(() => {
    void loadCopy(copy, tag)
  }, [copy, tag])
  const version = useSyncExternalStore(subscribeCopy, copyVersion, copyVersion)
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the lazy languages arriving; copyIn reads them.
  return useMemo(() => {
    const sources: MessageSource[] = [
      [tag, ui.locale.messages],
      [tag, copyIn(copy, tag)],
      ['en', copyIn(copy, 'en')],
    ]
    const lookup = (id: string, values: Readonly<Record<string, string | number>> = {}) =>
      textOf(sources, id, values)
    return {
      ...ui,
      t: (id, values = {}) => {
        const text = lookup(id, values)
        return text === undefined ? ui.t(id, values) : fill(text, values)
      },
      codeText: (code, params) => {
        const text = lookup(`notice.${code}`, params ?? {}) ?? lookup(`error.${code}`, params ?? {})
        return text === undefined ? ui.codeText(code, params) : fill(text, params ?? {})
      },
      errorText: (error) => {
        const text = lookup(`error.${error.code}`)
        return !text || text.includes('{') ? ui.errorText(error) : text
      },
    }
  }, [ui, copy, tag, version])
}
