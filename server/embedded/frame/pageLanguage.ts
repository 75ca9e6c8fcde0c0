/**
 * How a page of the wallet origin picks its language among the ones a catalogue ships, and puts a
 * page written in English into it (decision 0717). Apart from the texts themselves, so a page
 * bundles only the catalogue it shows: the login popup carries its three texts, not the frame's.
 * @module
 */
import { textDirection } from '../../../src/ui/copy/intl.js'

/** A language a page speaks: its tag, its texts and the direction they run in. */
export interface PageLanguage<Messages> {
  readonly tag: string
  readonly messages: Messages
  readonly dir: 'ltr' | 'rtl'
}

/** Which shipped tag one requested tag reads as, if any: itself, else its language's. */
function shippedTag(requested: string, shipped: Readonly<Record<string, unknown>>) {
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(requested)
  } catch {
    return undefined
  }
  if (locale.baseName in shipped) return locale.baseName
  // Chinese reads as simplified only where it is written so: zh-TW and zh-Hant stay in English
  // rather than show a script the visitor may not read.
  if (locale.language === 'zh') return locale.maximize().script === 'Hans' ? 'zh-CN' : undefined
  return locale.language in shipped ? locale.language : undefined
}

/**
 * The language to show for the visitor's preferences, in order: the first one `catalogue`
 * ships, else English. Anything that is no language tag is passed over.
 * @param catalogue - texts by shipped tag, English (`en`) among them.
 * @param requested - BCP 47 tags, most preferred first.
 * @returns the language.
 */
export function pickLanguage<Messages>(
  catalogue: Readonly<Record<string, Messages>>,
  requested: readonly unknown[],
): PageLanguage<Messages> {
  for (const tag of requested) {
    if (typeof tag !== 'string' || tag.length > 64) continue
    const shipped = shippedTag(tag, catalogue)
    if (shipped)
      return { tag: shipped, messages: catalogue[shipped] as Messages, dir: textDirection(shipped) }
  }
  return { tag: 'en', messages: catalogue.en as Messages, dir: 'ltr' }
}

/**
 * Puts a page of the wallet origin (written in English) in a language: `lang` and `dir` on the
 * root, the title, and every element naming one of the language's texts with `data-gangway-copy`.
 * @param document - the page.
 * @param language - the language.
 * @param titleId - the text of the page's title.
 */
export function translatePage<Messages extends Readonly<Record<string, string>>>(
  document: Document,
  language: PageLanguage<Messages>,
  titleId: keyof Messages & string,
): void {
  document.documentElement.lang = language.tag
  document.documentElement.dir = language.dir
  document.title = language.messages[titleId] ?? document.title
  for (const element of document.querySelectorAll<HTMLElement>('[data-gangway-copy]')) {
    const id = element.dataset.gangwayCopy
    const text = id === undefined ? undefined : language.messages[id]
    if (text !== undefined && Object.hasOwn(language.messages, id as string))
      element.textContent = text
  }
}
