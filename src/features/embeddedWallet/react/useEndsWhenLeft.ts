'use client'
import { useEffect } from 'react'
import { featureIntents, type Kit } from '../../../kernel/index.js'
import type { embeddedWallet } from '../feature.js'
import { APPROVE_VIEW } from '../slice.js'

/**
 * Leaving a login view ends what it started ('Request was aborted'). Two unmounts are not leaving:
 * ApproveTransaction shown over it (the same login asking for the visitor's click in the wallet's
 * frame: a new wallet's passkey), and the view unmounted while the modal still shows it (React's
 * StrictMode does that once more when it comes back from ApproveTransaction, mid-login).
 * @param kit - the kit the view shows.
 * @param view - the view showing it (`Connect` for the email field inline there).
 * @internal
 */
export function useEndsWhenLeft(kit: Kit, view: string): void {
  useEffect(() => {
    const intents = featureIntents<ReturnType<typeof embeddedWallet>>(kit, 'embeddedWallet')
    return () => {
      const { modal, router } = kit.getState()
      if (modal.isOpen && (router.view === APPROVE_VIEW || router.view === view)) return
      void intents.abort()
    }
  }, [kit, view])
}
