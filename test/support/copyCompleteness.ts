/**
 * What makes a shipped language complete against English, for the core catalogues and every
 * feature's copy alike: every English id present (as plain text, or as the plural forms the
 * language's `Intl.PluralRules` names), nothing extra, the same placeholders, no empty text, and
 * no text left in English unless it is a name or a symbol, or a loanword the language really uses
 * (listed per language by the caller, so each one is a decision someone can read).
 */

/** Names and symbols that read the same in every language. */
const NAMES = [
  'WalletConnect',
  'Ethereum',
  'Solana',
  'Polkadot',
  'Bitcoin',
  'EVM',
  'NFTs',
  'NFT',
  'HTTP',
  'USD',
  'SIWX',
  // The hex prefix of an EVM address, as a placeholder shows it.
  '0x',
]

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

/** A text with nothing to translate: only placeholders, names, digits and punctuation. */
const hasWords = (text: string) => {
  let rest = text.replace(/\{\w+\}/g, '')
  for (const name of NAMES) rest = rest.replaceAll(name, '')
  return /\p{L}/u.test(rest)
}

const baseOf = (id: string) => id.split('#')[0]!

/**
 * The problems of one language's texts against English, one line each (`[]` when complete).
 * @param tag - the language's BCP 47 tag (its plural rules decide which forms it needs).
 * @param english - the English texts.
 * @param translated - the language's texts.
 * @param sameAsEnglish - ids whose text may equal English (loanwords the language uses).
 */
export function copyProblems(
  tag: string,
  english: Readonly<Record<string, string>>,
  translated: Readonly<Record<string, string>>,
  sameAsEnglish: readonly string[] = [],
): string[] {
  const problems: string[] = []
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort()
  const englishBases = new Map<string, string[]>()
  for (const id of Object.keys(english)) {
    const forms = englishBases.get(baseOf(id)) ?? []
    if (id.includes('#')) forms.push(id.split('#')[1]!)
    englishBases.set(baseOf(id), forms)
  }
  const translatedBases = new Map<string, string[]>()
  for (const id of Object.keys(translated)) {
    const forms = translatedBases.get(baseOf(id)) ?? []
    if (id.includes('#')) forms.push(id.split('#')[1]!)
    else forms.push('')
    translatedBases.set(baseOf(id), forms)
  }
  for (const [base, englishForms] of englishBases) {
    const forms = translatedBases.get(base)
    if (!forms) {
      problems.push(`${tag}: ${base} is missing`)
      continue
    }
    const plural = forms.filter((form) => form !== '').sort()
    const plain = forms.includes('')
    if (plain && plural.length) problems.push(`${tag}: ${base} is both plain and plural`)
    if (englishForms.length && plain) problems.push(`${tag}: ${base} needs plural forms`)
    if (plural.length && JSON.stringify(plural) !== JSON.stringify(categories))
      problems.push(`${tag}: ${base} has forms ${plural} where ${tag} has ${categories}`)
  }
  for (const base of translatedBases.keys())
    if (!englishBases.has(base)) problems.push(`${tag}: ${base} is not an English id`)
  for (const [id, text] of Object.entries(translated)) {
    const base = baseOf(id)
    const form = id.includes('#') ? id.split('#')[1]! : ''
    const reference = english[id] ?? english[`${base}#other`] ?? english[base]
    if (reference === undefined) continue
    if (text.trim() === '') problems.push(`${tag}: ${id} is empty`)
    if (JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(reference)))
      problems.push(
        `${tag}: ${id} has placeholders ${placeholders(text)}, English ${placeholders(reference)}`,
      )
    const sameText = english[id] ?? (form ? english[`${base}#${form}`] : undefined) ?? english[base]
    if (text === sameText && hasWords(text) && !sameAsEnglish.includes(id))
      problems.push(`${tag}: ${id} is still English: "${text}"`)
  }
  return problems
}
