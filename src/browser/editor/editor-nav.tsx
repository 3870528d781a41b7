import { navItemsFor } from './routes.js';

/**
 * The screens the owner's roles may use (the rest are not shown); the current one carries
 * `aria-current="page"`.
 */
export function EditorNav({
  current,
  roles,
}: {
  current: string | undefined;
  roles: readonly number[];
}) {
  const items = navItemsFor(roles);
  return (
    <nav className="ed-nav" aria-label="Dashboard">
      <ul>
        {items.map((item) => (
          <li key={item.name}>
            <a href={item.href} aria-current={current === item.name ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
