import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { shellStrings } from './shell-strings';
import { MessagesBadge } from '../../features/inbox';
import { NotificationBadge } from '../../features/notifications';
import { BellIcon, HomeIcon, MessagesIcon, SettingsIcon } from '../../components/icons';

const links = [
  { to: paths.home, label: shellStrings.layout.home, Icon: HomeIcon },
  { to: paths.messages, label: shellStrings.layout.messages, Icon: MessagesIcon },
  { to: paths.notification, label: shellStrings.layout.notification, Icon: BellIcon },
  { to: paths.settings, label: shellStrings.layout.settings, Icon: SettingsIcon },
];

const linkBase =
  'relative flex w-full items-center justify-center gap-3 rounded-xl px-3 py-3 transition-colors xl:justify-start xl:gap-2 xl:px-2.5 [&>svg]:shrink-0 ' +
  'focus:outline-hidden focus-visible:ring-4 focus-visible:ring-white/60';

/** Icon links to the signed-in screens; the current one is highlighted (and aria-current). */
export function SidebarNav() {
  return (
    <nav aria-label={shellStrings.layout.mainNav} className="min-w-0 flex-1 md:w-full">
      <ul className="flex justify-around gap-1 md:flex-col md:gap-2">
        {links.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              title={label}
              className={({ isActive }) =>
                `${linkBase} ${
                  isActive
                    ? 'bg-white text-brand-500 shadow-md'
                    : 'text-white/90 hover:bg-white/10 hover:text-white'
                }`
              }
            >
              <Icon />
              {/* Hidden from sight only: below xl it still names the link, whose badge would else. */}
              <span className="sr-only text-sm font-semibold xl:not-sr-only">{label}</span>
              {to === paths.messages ? <MessagesBadge /> : null}
              {to === paths.notification ? (
                // Over the icon's corner where the label is hidden, beside the label from xl.
                <span className="absolute right-0 top-0 flex xl:static xl:ml-auto">
                  <NotificationBadge />
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
