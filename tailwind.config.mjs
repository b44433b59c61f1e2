// @ts-check
// Tailwind 4 reads its theme from CSS; this file is loaded through `@config` in
// src/styles/global.css and holds the design tokens that are easier to review as data.
/** @type {import('tailwindcss').Config} */
export default {
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#effaf7',
          100: '#d7f2ea',
          600: '#0f766e',
          700: '#0b5f59',
          800: '#0a4a46',
          900: '#083b38',
        },
        sun: {
          300: '#fcd34d',
          400: '#fbbf24',
        },
      },
      maxWidth: { content: '72rem' },
    },
  },
};
