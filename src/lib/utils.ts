import { clsx, type ClassValue } from 'clsx';

/**
 * Tailwind class names joined (shadcn's `cn`, without tailwind-merge: 7 KB gzip on every first
 * load). Classes are not merged: a component's classes never set a property its caller's
 * `className` sets too; a variant (e.g. Button's `size`) replaces classes instead. Decision 024.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);

export const APP_NAME = 'Springboard';
/** The document title: `{title} | Springboard`. */
export const pageTitle = (title?: string) => (title ? `${title} | ${APP_NAME}` : APP_NAME);
