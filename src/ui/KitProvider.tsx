'use client'
import { createContext, type ReactNode, useContext } from 'react'
import type { Kit } from '../kernel/index.js'

const KitContext = createContext<Kit | null>(null)

/** Props of {@link KitProvider}. */
export interface KitProviderProps {
  /** The kit from `createKit`. */
  readonly kit: Kit
  readonly children?: ReactNode
}

/**
 * Makes a kit available to Gangway's hooks and components below it.
 * @example
 * import { createKit } from 'gangway'
 * import { KitProvider } from 'gangway/react'
 * const kit = createKit({ plugins: [] })
 * export const App = () => <KitProvider kit={kit}><Page /></KitProvider>
 */
export function KitProvider({ kit, children }: KitProviderProps) {
  return <KitContext.Provider value={kit}>{children}</KitContext.Provider>
}

/**
 * The kit of the nearest {@link KitProvider}.
 * @example
 * import { useKitInstance } from 'gangway/react'
 * const kit = useKitInstance()
 * @throws when there is no provider above.
 */
export function useKitInstance(): Kit {
  const kit = useContext(KitContext)
  if (!kit) throw new Error('Gangway: wrap your app in <KitProvider kit={kit}>.')
  return kit
}
