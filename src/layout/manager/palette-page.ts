import type { ComponentType } from 'react';

/** A page the command palette goes to: a link of the navigation. Its own module: the palette's button and its lazily loaded dialog both read it. */
export interface PalettePage {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
}
