import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';

export interface TopButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Accessible name, also the hover hint. */
  label: string;
  icon: ReactNode;
  /** A count badge (Arco `<Badge>` without children) shown at the icon's top-right corner. */
  badge?: ReactNode;
}

/**
 * One square icon button of the top bar. A real <button> so Tab, Enter and Space work; it forwards its
 * ref and spreads the rest so Arco's Dropdown/Popover can attach their handlers to it.
 */
export const TopButton = forwardRef<HTMLButtonElement, TopButtonProps>(function TopButton(
  { label, icon, badge, className, children, ...rest },
  ref,
) {
  return (
    <button ref={ref} type="button" aria-label={label} title={label} className={`ba-top-btn${badge ? ' has-badge' : ''} ${className ?? ''}`} {...rest}>
      {icon}
      {badge ? <span className="ba-top-badge">{badge}</span> : null}
      {children}
    </button>
  );
});
