import { PALETTES, type ThemeVariant } from './palettes';

type Colour = { main: string; light: string; dark: string };

/**
 * The app's palette (palettes.ts) as the CSS variables the sign-in page's login.css draws with: the
 * sign-in page loads no MUI, and takes its colours from the same place as every other screen.
 */
export function applyPalette(variant: ThemeVariant, root: HTMLElement = document.documentElement) {
  const p = PALETTES[variant];
  const primary = p.primary as Colour;
  const vars: Record<string, string | undefined> = {
    primary: primary.main,
    'primary-light': primary.light,
    'primary-dark': primary.dark,
    'secondary-light': (p.secondary as Colour).light,
    ground: p.background?.default,
    paper: p.background?.paper,
    text: p.text?.primary,
    'text-secondary': p.text?.secondary,
    divider: p.divider,
    error: (p.error as Colour).main,
  };
  for (const [name, value] of Object.entries(vars)) if (value) root.style.setProperty(`--${name}`, value);
  root.dataset.theme = variant;
}
