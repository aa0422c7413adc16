import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import './home-kit.css';

/** A link inside a home card that navigates in the app (and still opens in a new tab with a modifier). */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a className="ba-card-link" href={to} onClick={go}>
      {children} →
    </a>
  );
}

/** Several card links on one line, wrapping on a narrow card. */
export function CardLinks({ children }: { children: ReactNode }) {
  return <div className="ba-card-links">{children}</div>;
}
