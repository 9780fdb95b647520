// Buttons by weight (issue 26's design system): primary (the one action of a screen), secondary
// (outlined), ghost (text only, for tools) and danger (deletion, cancellation). `block` fills
// the line (forms on a phone); `small` fits toolbars and cards.

import type { ButtonHTMLAttributes } from 'react';

export type ButtonWeight = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonStyle {
  weight?: ButtonWeight;
  small?: boolean;
  block?: boolean;
  icon?: boolean;
}

/** The class names of a button of this weight (also for links that look like buttons). */
export function buttonClass({ weight = 'secondary', small, block, icon }: ButtonStyle = {}, extra?: string): string {
  // The primary weight is the base `.button` style; `.button--primary` (full width in forms)
  // is only added when `block` asks for it.
  return [
    'button',
    weight === 'primary' ? undefined : `button--${weight}`,
    block ? 'button--block' : undefined,
    small ? 'button--small' : undefined,
    icon ? 'button--icon' : undefined,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {}

export function Button({ weight, small, block, icon, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ weight, small, block, icon }, className)} {...rest} />;
}
