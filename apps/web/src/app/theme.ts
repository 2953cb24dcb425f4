import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineTheme,
  parseThemeColor,
  rem,
  type VariantColorsResolver,
} from '@mantine/core';
import { i18n } from '../i18n';

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** The page behind the cards: a light grey, so white surfaces stand out. */
const BODY = '#f6f7f9';
/** The shade a palette's filled surfaces start from (Mantine's primaryShade). */
const FILLED_SHADE = 6;
/**
 * WCAG 2.2 AA for normal text (1.4.3) is 4.5:1; a little more, so that the rounding of the
 * colours a browser shows never brings a text under it.
 */
const TEXT_CONTRAST = 4.6;
/**
 * A filled surface is darkened for white text by at most this much black; a colour that needs
 * more (yellow, lime, light brand colours) keeps its own tone and takes black text instead.
 */
const MAX_FILLED_DARKENING = 0.2;

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * amount) as Rgb;
}

/** WCAG relative luminance of a colour shown rounded to whole sRGB values. */
function luminance(color: Rgb): number {
  const [r, g, b] = color.map((v) => {
    const c = Math.round(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The least black to mix into a colour so that it reads on every background, in steps of 1 %. */
function darkeningFor(color: Rgb, backgrounds: Rgb[]): number {
  for (let step = 0; step <= 100; step++) {
    const darker = mix(color, BLACK, step / 100);
    const lum = luminance(darker);
    if (backgrounds.every((bg) => (luminance(bg) + 0.05) / (lum + 0.05) >= TEXT_CONTRAST)) return step / 100;
  }
  return 1;
}

/** The light surfaces texts sit on: white cards, the body, and Mantine's two lightest greys. */
const SURFACES: Rgb[] = [WHITE, parseHex(BODY), parseHex('#f8f9fa'), parseHex('#f1f3f5')];

/** A colour darkened just enough to read on every background given. */
function readableOn(color: Rgb, backgrounds: Rgb[]): string {
  return toHex(mix(color, BLACK, darkeningFor(color, backgrounds)));
}

/** How one colour is shown so that its texts pass AA: as text, and as a filled surface with its text. */
export type ColorForms = { text: string; filled: string; filledHover: string; onFilled: string };

const formsCache = new Map<string, ColorForms>();

/**
 * The readable forms of a colour on this theme's light surfaces. `text` is the colour darkened
 * just enough to read on white, the body, Mantine's two lightest greys and its own light tint
 * (the light and subtle variants of badges, buttons and avatars); `filled` carries white text,
 * darkened a little if needed, or black text when white would need too much darkening.
 */
export function colorForms(hex: string): ColorForms {
  const known = formsCache.get(hex);
  if (known) return known;
  const color = parseHex(hex);
  // Mantine's light variant lays the colour at 10 % (12 % on hover) over whatever is behind it.
  const tints = SURFACES.map((surface) => mix(surface, color, 0.12));
  const text = readableOn(color, [...SURFACES, ...tints]);
  const forWhite = darkeningFor(color, [WHITE]);
  const whiteText = forWhite <= MAX_FILLED_DARKENING || contrastRatio(hex, '#000000') < TEXT_CONTRAST;
  const filled = whiteText ? mix(color, BLACK, forWhite) : color;
  const forms: ColorForms = {
    text,
    filled: toHex(filled),
    filledHover: toHex(mix(filled, BLACK, 0.1)),
    onFilled: whiteText ? '#ffffff' : '#000000',
  };
  formsCache.set(hex, forms);
  return forms;
}

/**
 * Ten shades from one brand colour, the way Mantine palettes run: light tints at 0..5, the
 * colour itself at 6 (the default filled shade), darker at 7..9.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  const base = parseHex(/^#[0-9a-f]{6}$/i.test(hex) ? hex : '#1c7ed6');
  const tints = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14].map((t) => toHex(mix(base, WHITE, t)));
  const shades = [0, 0.14, 0.28, 0.42].map((t) => toHex(mix(base, BLACK, t)));
  return [...tints, ...shades] as unknown as MantineColorsTuple;
}

/** The hex a component's colour prop stands for (a palette, a palette shade or a hex), if any. */
function colorValue(color: string, theme: MantineTheme): string | undefined {
  const parsed = parseThemeColor({ color, theme });
  const value = parsed.isThemeColor ? theme.colors[parsed.color]?.[parsed.shade ?? FILLED_SHADE] : color;
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : undefined;
}

/** Mantine's variants with their texts in the readable forms, also for hex colours (categories). */
const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const value = input.color ? colorValue(input.color, input.theme) : undefined;
  if (!value) return result;
  const forms = colorForms(value);
  switch (input.variant) {
    case 'filled':
      return { ...result, background: forms.filled, hover: forms.filledHover, color: forms.onFilled };
    case 'light':
    case 'subtle':
    case 'transparent':
    case 'white':
      return { ...result, color: forms.text };
    case 'outline':
      return { ...result, color: forms.text, border: `${rem(1)} solid ${forms.text}` };
    default:
      return result;
  }
};

/** A name in the person's language, read when the component renders (so a language switch shows). */
const closeName = () => i18n.t('common.close');

/**
 * Mantine's components made accessible by default. The icon-only controls they draw themselves
 * get names (the close buttons of dialogs, drawers, toasts and alerts, the arrows of
 * paginations). Menus keep no focus placeholder inside (a menu holds only its items; the first
 * item takes the focus instead), and show a coloured item (log out in red) in its readable form,
 * as Menu.Item reads a palette's shade 6 directly. A loader is a status region, so the label
 * a screen gives it ("Loading…") is allowed (ARIA forbids aria-label on a bare span) and read.
 */
const COMPONENTS = {
  Loader: { defaultProps: { role: 'status' } },
  Modal: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close_dialog') } }) },
  Drawer: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close_dialog') } }) },
  Notification: { defaultProps: () => ({ closeButtonProps: { 'aria-label': closeName() } }) },
  Alert: { defaultProps: () => ({ closeButtonLabel: closeName() }) },
  Pagination: {
    defaultProps: {
      getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
        'aria-label': i18n.t(`common.${control}_page`),
      }),
    },
  },
  Menu: {
    defaultProps: { withInitialFocusPlaceholder: false },
    styles: (theme: MantineTheme) => ({
      dropdown: Object.fromEntries(
        Object.entries(theme.colors)
          .filter(([, palette]) => /^#[0-9a-f]{6}$/i.test(palette[FILLED_SHADE] ?? ''))
          .map(([name, palette]) => [`--mantine-color-${name}-6`, colorForms(palette[FILLED_SHADE]).text]),
      ),
    }),
  },
};

export function buildTheme(colors: { primary: string; secondary: string }) {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: FILLED_SHADE,
    colors: { brand: paletteFrom(colors.primary), accent: paletteFrom(colors.secondary) },
    variantColorResolver,
    components: COMPONENTS,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    headings: { fontWeight: '650' },
  });
}

/**
 * The colour variables Mantine's components read, in their readable forms: dimmed texts and
 * placeholders, links, error texts, and each palette's text, light, outline and filled colours.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-body': BODY };
  for (const [name, palette] of Object.entries(theme.colors)) {
    const value = palette[FILLED_SHADE];
    if (!value || !/^#[0-9a-f]{6}$/i.test(value)) continue;
    const forms = colorForms(value);
    for (const use of ['text', 'light-color', 'outline'])
      light[`--mantine-color-${name}-${use}`] = forms.text;
    light[`--mantine-color-${name}-filled`] = forms.filled;
    light[`--mantine-color-${name}-filled-hover`] = forms.filledHover;
  }
  // Secondary texts: Mantine's grey, only as much darker as the surfaces need.
  const dimmed = readableOn(parseHex(theme.colors.gray[FILLED_SHADE]), SURFACES);
  const primary = colorForms(theme.colors[theme.primaryColor]?.[FILLED_SHADE] ?? '#1c7ed6');
  Object.assign(light, {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-anchor': primary.text,
    '--mantine-color-error': colorForms(theme.colors.red[FILLED_SHADE]).text,
    '--mantine-primary-color-contrast': primary.onFilled,
  });
  return { variables: {}, light, dark: {} };
};
