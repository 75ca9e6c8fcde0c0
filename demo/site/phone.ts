/**
 * The demo phone wallet's page: pairs the wallet in the demo process with a pasted `wc:` link and
 * shows what it did. Everything it displays is set as text, never as HTML.
 */
const BASE = '/__demo/phone-wallet'

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const statusLine = element<HTMLOutputElement>('status')

interface PhoneState {
  address: string
  sessions: number
  requests: string[]
}

async function refresh(): Promise<void> {
  const response = await fetch(`${BASE}/state`)
  if (!response.ok) return
  const state = (await response.json()) as PhoneState
  element('address').textContent = state.address
  element('sessions').textContent = String(state.sessions)
  element('requests').textContent = state.requests.length ? state.requests.join(', ') : 'none'
}

async function post(action: string, body?: unknown): Promise<string | undefined> {
  const response = await fetch(`${BASE}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  })
  if (response.ok) return undefined
  const { error } = (await response.json().catch(() => ({}))) as { error?: string }
  return error ?? `failed (${response.status})`
}

element<HTMLFormElement>('pair').addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = element<HTMLInputElement>('uri')
  statusLine.textContent = 'Pairing…'
  const error = await post('pair', { uri: input.value.trim() })
  statusLine.textContent =
    error ?? 'Paired: the site shows the account once the session is approved.'
  if (!error) input.value = ''
  await refresh()
})
element('disconnect').addEventListener('click', async () => {
  const error = await post('disconnect')
  statusLine.textContent = error ?? 'Disconnected.'
  await refresh()
})

void refresh()
setInterval(() => void refresh(), 2000)

export {}
