import { createKit } from '@gangway/kit'
import { ConnectButton, KitProvider } from '@gangway/kit/react'
import { solana, solanaLocalnet } from '@gangway/kit/solana'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The site's own cluster and token, from its build-time settings (.env or the environment).
const localnet = solanaLocalnet({
  genesisHash: import.meta.env.VITE_SOLANA_GENESIS_HASH,
  rpcUrl: import.meta.env.VITE_SOLANA_RPC_URL,
  name: 'Solana Localnet',
})
const kit = createKit({
  plugins: [solana({ networks: [localnet] })],
  tokens: [
    {
      chainId: localnet.id,
      address: import.meta.env.VITE_TOKEN_MINT,
      name: 'Consumer Token',
      symbol: 'CSMR',
      decimals: 6,
    },
  ],
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KitProvider kit={kit}>
      <ConnectButton />
    </KitProvider>
  </StrictMode>,
)
