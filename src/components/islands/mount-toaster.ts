/**
 * Mounts the Toaster island (ToasterLoader.astro adds this module on the first toast or the first
 * F8). Loaded by a key press rather than a raised toast, it focuses the notification region at
 * once, as Radix's own F8 shortcut does from then on.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { $toasts } from '#lib/stores/toast.ts';
import Toaster from './Toaster.tsx';

const host = document.createElement('div');
document.body.append(host);
// Nothing raised yet: the loader ran for F8, so the visitor asked for the region.
createRoot(host).render(createElement(Toaster, { focusOnMount: $toasts.get().length === 0 }));
