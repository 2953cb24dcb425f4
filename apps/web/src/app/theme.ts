import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function mix(
  a: [number, number, number],
  b: [number, number, number],
  amount: number,
): [number, number, number] {
  return [0, 1, 2].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * amount) as [
    number,
    number,
    number,
  ];
}

/**
 * Ten shades from one brand colour, the way Mantine palettes run: light tints at 0..5, the
 * colour itself at 6 (the default filled shade), darker at 7..9.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  const base = parseHex(/^#[0-9a-f]{6}$/i.test(hex) ? hex : '#1c7ed6');
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const tints = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14].map((t) => toHex(mix(base, white, t)));
  const shades = [0, 0.14, 0.28, 0.42].map((t) => toHex(mix(base, black, t)));
  return [...tints, ...shades] as unknown as MantineColorsTuple;
}

export function buildTheme(colors: { primary: string; secondary: string }) {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: paletteFrom(colors.primary), accent: paletteFrom(colors.secondary) },
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    headings: { fontWeight: '650' },
  });
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-body': '#f6f7f9' },
  dark: {},
});
