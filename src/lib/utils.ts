import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { identity } from './identity.ts';

/** Tailwind class names joined, a caller's classes winning over a component's (shadcn/ui's `cn`). */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

/** The document title: `{title} | {name}` (src/lib/identity.ts). */
export const pageTitle = (title?: string) => (title ? `${title} | ${identity.name}` : identity.name);
