'use client'
import { createKit } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { KitProvider } from '@gangway/kit/react'
import type { ReactNode } from 'react'
import { mainnet, sepolia } from 'viem/chains'

// The site's own nodes, as sites configure them (a provider's URL per chain).
const kit = createKit({
  plugins: [
    eip155({
      chains: [mainnet, sepolia],
      rpcUrls: {
        [mainnet.id]: ['https://mainnet.node.example/rpc'],
        [sepolia.id]: ['https://sepolia.node.example/rpc'],
      },
    }),
  ],
  ssr: true,
})

export function Providers({ children }: { children: ReactNode }) {
  return <KitProvider kit={kit}>{children}</KitProvider>
}
