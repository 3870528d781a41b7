import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Loading } from './load-view.js';
import type { EditorBoot } from './boot.js';
import { EditorHeader } from './editor-header.js';
import { EditorNav } from './editor-nav.js';
import type { RangeDays } from './range-picker.js';
import { navNameOf } from './routes.js';
import { useHashRoute } from './use-hash-route.js';
import { OverviewScreen } from './screens/overview-screen.js';
import { PerformanceScreen } from './screens/performance-screen.js';
import { FormsScreen } from './screens/forms-screen.js';
import { RestockScreen } from './screens/restock-screen.js';
import { RestockGroupScreen } from './screens/restock-group-screen.js';
import { InventoryScreen } from './screens/inventory-screen.js';

// The store screens are chunks of their own, fetched when the owner opens them.
const OrdersScreen = lazy(() =>
  import('./screens/orders-screen.js').then((m) => ({ default: m.OrdersScreen })),
);
const OrderScreen = lazy(() =>
  import('./screens/order-screen.js').then((m) => ({ default: m.OrderScreen })),
);
const CheckoutSettingsScreen = lazy(() =>
  import('./checkout-settings/checkout-settings-screen.js').then((m) => ({
    default: m.CheckoutSettingsScreen,
  })),
);

const MediaScreen = lazy(() =>
  import('./media/media-screen.js').then((m) => ({ default: m.MediaScreen })),
);

/** The dashboard: header, navigation and the screen the hash names. */
export function App({ boot }: { boot: EditorBoot }) {
  const route = useHashRoute();
  const [days, setDays] = useState<RangeDays>(7);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After navigating, move focus to the new screen's heading so keyboard and screen-reader users
  // start there (a hash change alone leaves focus on the link). Not on first load.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [route]);

  useEffect(() => {
    document.title = `${boot.siteTitle} · Dashboard`;
  }, [boot.siteTitle]);

  let screen;
  switch (route.name) {
    case 'overview':
      screen = <OverviewScreen days={days} onDays={setDays} />;
      break;
    case 'performance':
      screen = <PerformanceScreen days={days} onDays={setDays} />;
      break;
    case 'forms':
      screen = <FormsScreen />;
      break;
    case 'restock':
      screen = <RestockScreen />;
      break;
    case 'restock-group':
      screen = (
        <RestockGroupScreen
          key={`${route.productId}/${route.variantId}`}
          productId={route.productId}
          variantId={route.variantId}
        />
      );
      break;
    case 'inventory':
      screen = <InventoryScreen />;
      break;
    case 'orders':
      screen = <OrdersScreen />;
      break;
    case 'order':
      screen = <OrderScreen key={route.orderId} orderId={route.orderId} />;
      break;
    case 'checkout-settings':
      screen = <CheckoutSettingsScreen />;
      break;
    case 'media':
      screen = <MediaScreen />;
      break;
    default:
      screen = (
        <>
          <h1 tabIndex={-1}>Page not found</h1>
          <p>
            There is no dashboard screen here. <a href="#/">Go to the overview</a>.
          </p>
        </>
      );
  }

  return (
    <>
      <a
        className="ed-skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <EditorHeader boot={boot} />
      <div className="ed-layout">
        <EditorNav current={navNameOf(route)} />
        <main id="main" className="ed-main" ref={main} tabIndex={-1}>
          <Suspense fallback={<Loading />}>{screen}</Suspense>
        </main>
      </div>
    </>
  );
}
