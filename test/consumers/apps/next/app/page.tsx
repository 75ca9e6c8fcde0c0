import { ConnectButton, NetworkButton } from '@gangway/kit/react'

export default function Home() {
  return (
    <main>
      <h1>A Next.js site</h1>
      <NetworkButton />
      <ConnectButton />
    </main>
  )
}
