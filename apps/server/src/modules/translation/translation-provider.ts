import { deeplTarget, type UiLanguage } from '@workbench/domain';
import type { TranslateConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';

/**
 * The installation's translation provider (issue 22), chosen by environment: a
 * LibreTranslate-compatible API (POST {url}/translate {q, source: 'auto', target, format: 'text',
 * api_key}) or DeepL (POST {url}/v2/translate, Authorization: DeepL-Auth-Key, text[],
 * target_lang). Several texts go in one request; the answer keeps their order.
 */
export async function translateTexts(
  config: TranslateConfig,
  texts: readonly string[],
  target: UiLanguage,
): Promise<string[]> {
  if (!texts.length) return [];
  const signal = AbortSignal.timeout(config.timeoutMs);
  try {
    return config.provider === 'deepl'
      ? await deepl(config, texts, target, signal)
      : await libreTranslate(config, texts, target, signal);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const why =
      err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : String((err as Error).message);
    throw translationFailed(why);
  }
}

export const translationNotConfigured = () =>
  new AppError(503, 'translation_not_configured', 'No translation provider is configured on this server');

export const translationFailed = (why: string) =>
  new AppError(503, 'translation_failed', `The translation provider did not answer: ${why}`);

async function libreTranslate(
  config: TranslateConfig,
  texts: readonly string[],
  target: UiLanguage,
  signal: AbortSignal,
): Promise<string[]> {
  const response = await fetch(`${config.url}/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      q: texts,
      source: 'auto',
      target,
      format: 'text',
      ...(config.apiKey ? { api_key: config.apiKey } : {}),
    }),
    signal,
  });
  if (!response.ok) throw translationFailed(`HTTP ${response.status}`);
  const body = (await response.json()) as { translatedText?: unknown };
  const out = body.translatedText;
  // An array of texts answers an array; some servers answer one text as a string.
  const list = Array.isArray(out) ? out : typeof out === 'string' && texts.length === 1 ? [out] : null;
  if (!list || list.length !== texts.length || !list.every((t) => typeof t === 'string'))
    throw translationFailed('unexpected answer');
  return list as string[];
}

async function deepl(
  config: TranslateConfig,
  texts: readonly string[],
  target: UiLanguage,
  signal: AbortSignal,
): Promise<string[]> {
  const response = await fetch(`${config.url}/v2/translate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(config.apiKey ? { authorization: `DeepL-Auth-Key ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({ text: texts, target_lang: deeplTarget(target) }),
    signal,
  });
  if (!response.ok) throw translationFailed(`HTTP ${response.status}`);
  const body = (await response.json()) as { translations?: Array<{ text?: unknown }> };
  const list = body.translations?.map((t) => t.text);
  if (!list || list.length !== texts.length || !list.every((t) => typeof t === 'string'))
    throw translationFailed('unexpected answer');
  return list as string[];
}
