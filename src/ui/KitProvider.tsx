'use client'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { Kit } from '../kernel/index.js'
import {
  type Locale,
  type MessageCatalogue,
  toMessageCatalogue,
  translate,
} from './copy/messages.js'
import { Modal } from './Modal.js'

/** What the UI layer shares with its components. */
export interface UiContext {
  readonly kit: Kit
  readonly theme: 'dark' | 'light'
  /** The catalogue in use (English for `'en'`); `locale.tag` is the language's BCP 47 tag. */
  readonly locale: MessageCatalogue
  /** Translates a message id for the current locale. */
  readonly t: (id: string, values?: Readonly<Record<string, string | number>>) => string
}

const KitContext = createContext<UiContext | null>(null)

/** Props of {@link KitProvider}. */
export interface KitProviderProps {
  /** The kit from `createKit`. */
  readonly kit: Kit
  /** `dark` (default) or `light`. */
  readonly theme?: 'dark' | 'light'
  /**
   * `'en'` (default, built in) or a catalogue such as `de` from `gangway/react/locales/de`.
   * Pass a module-level object: the context is memoized on its identity.
   */
  readonly locale?: Locale
  /** Leave out the modal (a site rendering its own UI on the hooks). */
  readonly withoutModal?: boolean
  readonly children?: ReactNode
}

/**
 * Makes a kit available to Gangway's hooks and components below it, and renders the modal.
 * @example
 * import { createKit } from 'gangway'
 * import { KitProvider } from 'gangway/react'
 * const kit = createKit({ plugins: [] })
 * export const App = () => <KitProvider kit={kit}><Page /></KitProvider>
 */
export function KitProvider({
  kit,
  theme = 'dark',
  locale = 'en',
  withoutModal,
  children,
}: KitProviderProps) {
  const catalogue = toMessageCatalogue(locale)
  const value = useMemo<UiContext>(
    () => ({
      kit,
      theme,
      locale: catalogue,
      t: (id, values) => translate(catalogue, id, values),
    }),
    [kit, theme, catalogue],
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
 * import { useUi } from 'gangway/react'
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
 * import { useKitInstance } from 'gangway/react'
 * const kit = useKitInstance()
 * @throws when there is no provider above.
 */
export function useKitInstance(): Kit {
  return useUi().kit
}
