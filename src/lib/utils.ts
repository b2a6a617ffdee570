import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Tailwind class names, merged so the last conflicting utility wins (shadcn's `cn`). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

export const APP_NAME = 'Springboard';
/** The document title: `{title} | Springboard`. */
export const pageTitle = (title?: string) => (title ? `${title} | ${APP_NAME}` : APP_NAME);
