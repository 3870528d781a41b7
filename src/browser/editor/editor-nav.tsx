import { NAV_ITEMS } from './routes.js';

/** The screens; the current one carries `aria-current="page"`. */
export function EditorNav({ current }: { current: string | undefined }) {
  return (
    <nav className="ed-nav" aria-label="Dashboard">
      <ul>
        {NAV_ITEMS.map((item) => (
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
