/** A router link whose `to` is an app path; the current language prefix is added. */
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { useLocalize } from '../hooks/useLang';

export function LocalLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  return <Link to={useLocalize()(to)} {...props} />;
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  return <NavLink to={useLocalize()(to)} {...props} />;
}
