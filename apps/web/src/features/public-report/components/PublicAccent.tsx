import { Box, MantineThemeProvider, mergeThemeOverrides, useMantineTheme } from '@mantine/core';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { colorForms, paletteFrom } from '../../../app/theme';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A public page in its form's accent colour (form.primary_color): the theme's brand palette is
 * made from it for the components below (their colours come from the theme object), and the
 * primary colour variables are set on the frame for what reads the CSS variables. Texts stay
 * readable (colorForms darkens a light colour, or puts black text on it). No colour: the theme's.
 */
export function PublicAccent({ color, children }: { color: string | null | undefined; children: ReactNode }) {
  const theme = useMantineTheme();
  const accent = color && HEX.test(color) ? color.toLowerCase() : null;
  const scoped = useMemo(() => {
    if (!accent) return null;
    const palette = paletteFrom(accent);
    const forms = colorForms(accent);
    const style: Record<string, string> = {
      '--mantine-primary-color-filled': forms.filled,
      '--mantine-primary-color-filled-hover': forms.filledHover,
      '--mantine-primary-color-contrast': forms.onFilled,
      '--mantine-primary-color-light': `color-mix(in srgb, ${accent} 10%, transparent)`,
      '--mantine-primary-color-light-hover': `color-mix(in srgb, ${accent} 12%, transparent)`,
      '--mantine-primary-color-light-color': forms.text,
      '--mantine-color-anchor': forms.text,
      '--mantine-color-brand-filled': forms.filled,
      '--mantine-color-brand-filled-hover': forms.filledHover,
      '--mantine-color-brand-text': forms.text,
      '--mantine-color-brand-light': `color-mix(in srgb, ${accent} 10%, transparent)`,
      '--mantine-color-brand-light-hover': `color-mix(in srgb, ${accent} 12%, transparent)`,
      '--mantine-color-brand-light-color': forms.text,
      '--mantine-color-brand-outline': forms.text,
    };
    palette.forEach((shade, index) => {
      style[`--mantine-primary-color-${index}`] = shade;
      style[`--mantine-color-brand-${index}`] = shade;
    });
    return { theme: mergeThemeOverrides(theme, { colors: { brand: palette } }), style };
  }, [accent, theme]);
  if (!scoped) return <>{children}</>;
  return (
    <MantineThemeProvider theme={scoped.theme}>
      <Box style={scoped.style as CSSProperties} data-accent={accent ?? undefined}>
        {children}
      </Box>
    </MantineThemeProvider>
  );
}
