import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, colorForms, contrastRatio, cssVariablesResolver } from './theme';

const AA = 4.5;
const BODY = '#f6f7f9';

/** A colour laid at `alpha` over a background, as the light variants do. */
function tint(color: string, over: string, alpha: number): string {
  const rgb = (hex: string) => [0, 2, 4].map((i) => Number.parseInt(hex.slice(1 + i, 3 + i), 16));
  const [c, b] = [rgb(color), rgb(over)];
  return `#${b
    .map((v, i) =>
      Math.round(v + ((c[i] as number) - v) * alpha)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// The default brand, the demo categories' colours, and organisation colours that are hard to
// read: light ones (yellow, pale yellow, white) and a dark one.
const ORGANISATION_COLOURS = [
  '#1c7ed6',
  '#0b7285',
  '#f59f00',
  '#ffe066',
  '#37b24d',
  '#7048e8',
  '#ffffff',
  '#000000',
];

describe('theme contrast (WCAG 2.2 AA, 4.5:1)', () => {
  for (const primary of ORGANISATION_COLOURS) {
    it(`keeps texts readable with ${primary} as the organisation's colour`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme({ primary, secondary: '#0b7285' }));
      const light = cssVariablesResolver(theme).light;
      const texts = Object.entries(light).filter(
        ([name]) =>
          /-(text|light-color|outline)$/.test(name) ||
          ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-anchor'].includes(name),
      );
      expect(texts.length).toBeGreaterThan(40);
      for (const [name, color] of texts) {
        for (const surface of ['#ffffff', BODY, '#f1f3f5'])
          expect(contrastRatio(color, surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(AA);
      }
      for (const [name, palette] of Object.entries(theme.colors)) {
        const forms = colorForms(palette[6]);
        expect(light[`--mantine-color-${name}-filled`]).toBe(forms.filled);
        expect(contrastRatio(forms.onFilled, forms.filled), `text on filled ${name}`).toBeGreaterThanOrEqual(
          AA,
        );
        expect(
          contrastRatio(forms.text, tint(palette[6], BODY, 0.12)),
          `light ${name} on the body`,
        ).toBeGreaterThanOrEqual(AA);
      }
      expect(light['--mantine-primary-color-contrast']).toBe(
        colorForms(theme.colors.brand?.[6] ?? '').onFilled,
      );
    });
  }

  it('darkens a light-variant text only as much as needed, and keeps dark colours as they are', () => {
    expect(colorForms('#000000')).toEqual({
      text: '#000000',
      filled: '#000000',
      filledHover: '#000000',
      onFilled: '#ffffff',
    });
    // The default brand blue stays close to itself as a filled surface, with white text.
    expect(colorForms('#1c7ed6').onFilled).toBe('#ffffff');
    expect(contrastRatio(colorForms('#1c7ed6').filled, '#1c7ed6')).toBeLessThan(1.2);
    // Yellow keeps its tone as a surface and takes black text.
    expect(colorForms('#fab005')).toMatchObject({ filled: '#fab005', onFilled: '#000000' });
  });

  it('gives the variants of a hex colour (a category) readable texts', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme({ primary: '#1c7ed6', secondary: '#0b7285' }));
    for (const color of ['#f59f00', '#37b24d', '#e03131', '#15aabf']) {
      for (const variant of ['light', 'subtle', 'outline']) {
        const resolved = theme.variantColorResolver({ color, theme, variant });
        expect(
          contrastRatio(resolved.color, tint(color, BODY, 0.12)),
          `${variant} ${color}`,
        ).toBeGreaterThanOrEqual(AA);
      }
      const filled = theme.variantColorResolver({ color, theme, variant: 'filled' });
      expect(contrastRatio(filled.color, filled.background), `filled ${color}`).toBeGreaterThanOrEqual(AA);
    }
  });
});
