import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Tailwind class names joined, a caller's classes winning over a component's (shadcn/ui's `cn`). */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

export const APP_NAME = 'Springboard';
/** The document title: `{title} | Springboard`. */
export const pageTitle = (title?: string) => (title ? `${title} | ${APP_NAME}` : APP_NAME);
