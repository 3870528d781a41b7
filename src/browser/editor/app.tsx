import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Loading } from './load-view.js';
import type { EditorBoot } from './boot.js';
import { EditorHeader } from './editor-header.js';
import { EditorNav } from './editor-nav.js';
import type { RangeDays } from './range-picker.js';
import { mayOpen, navNameOf } from './routes.js';
import { NoAccess, Welcome } from './team/no-access.js';
import { allows } from '../../shared/team/permissions.js';
import { useHashRoute } from './use-hash-route.js';
import { OverviewScreen } from './screens/overview-screen.js';
import { PerformanceScreen } from './screens/performance-screen.js';
import { RestockScreen } from './screens/restock-screen.js';
import { RestockGroupScreen } from './screens/restock-group-screen.js';
import { InventoryScreen } from './screens/inventory-screen.js';
import { NO_ROLE_ROUTES, NoRoleScreen } from './account/no-role-screen.js';

// The store screens are chunks of their own, fetched when the owner opens them.
const OrdersScreen = lazy(() =>
  import('./screens/orders-screen.js').then((m) => ({ default: m.OrdersScreen })),
);
const SubscriptionsScreen = lazy(() =>
  import('./subscriptions/subscriptions-screen.js').then((m) => ({
    default: m.SubscriptionsScreen,
  })),
);
const CustomersScreen = lazy(() =>
  import('./customers/customers-screen.js').then((m) => ({ default: m.CustomersScreen })),
);
const OrderScreen = lazy(() =>
  import('./screens/order-screen.js').then((m) => ({ default: m.OrderScreen })),
);
const GiftCardsScreen = lazy(() =>
  import('./screens/gift-cards-screen.js').then((m) => ({ default: m.GiftCardsScreen })),
);
const GiftCardScreen = lazy(() =>
  import('./screens/gift-cards-screen.js').then((m) => ({ default: m.GiftCardScreen })),
);
const FormsHome = lazy(() => import('./forms/index.js').then((m) => ({ default: m.FormsHome })));
const FormBuilderScreen = lazy(() =>
  import('./forms/index.js').then((m) => ({ default: m.FormBuilderScreen })),
);
const InboxScreen = lazy(() =>
  import('./forms/index.js').then((m) => ({ default: m.InboxScreen })),
);
const MailingListsScreen = lazy(() =>
  import('./forms/index.js').then((m) => ({ default: m.MailingListsScreen })),
);
const CheckoutSettingsScreen = lazy(() =>
  import('./checkout-settings/checkout-settings-screen.js').then((m) => ({
    default: m.CheckoutSettingsScreen,
  })),
);

const DiscountsScreen = lazy(() =>
  import('./discounts/discounts-screen.js').then((m) => ({ default: m.DiscountsScreen })),
);
const DiscountEditorScreen = lazy(() =>
  import('./discounts/discount-editor-screen.js').then((m) => ({
    default: m.DiscountEditorScreen,
  })),
);

const ProductsScreen = lazy(() =>
  import('./products/products-screen.js').then((m) => ({ default: m.ProductsScreen })),
);
const ProductEditorScreen = lazy(() =>
  import('./products/product-editor-screen.js').then((m) => ({ default: m.ProductEditorScreen })),
);
const ItemsScreen = lazy(() =>
  import('./content/items/items-screen.js').then((m) => ({ default: m.ItemsScreen })),
);
const ItemEditorScreen = lazy(() =>
  import('./content/items/item-editor-screen.js').then((m) => ({ default: m.ItemEditorScreen })),
);
const PageBuilderScreen = lazy(() =>
  import('./content/builder/page-builder-screen.js').then((m) => ({
    default: m.PageBuilderScreen,
  })),
);
const MediaScreen = lazy(() =>
  import('./media/media-screen.js').then((m) => ({ default: m.MediaScreen })),
);
const DesignScreen = lazy(() =>
  import('./content/design/design-screen.js').then((m) => ({ default: m.DesignScreen })),
);
const SettingsScreen = lazy(() =>
  import('./content/settings/settings-screen.js').then((m) => ({ default: m.SettingsScreen })),
);
const CommentsScreen = lazy(() =>
  import('./comments/comments-screen.js').then((m) => ({ default: m.CommentsScreen })),
);
const ReviewsScreen = lazy(() =>
  import('./reviews/reviews-screen.js').then((m) => ({ default: m.ReviewsScreen })),
);
const WebsitesScreen = lazy(() =>
  import('./websites/websites-screen.js').then((m) => ({ default: m.WebsitesScreen })),
);
const NewWebsiteScreen = lazy(() =>
  import('./websites/new-website-screen.js').then((m) => ({ default: m.NewWebsiteScreen })),
);
const DomainsPanel = lazy(() =>
  import('./websites/domains-panel.js').then((m) => ({ default: m.DomainsPanel })),
);
const SecurityScreen = lazy(() =>
  import('./account/security-screen.js').then((m) => ({ default: m.SecurityScreen })),
);
const TeamScreen = lazy(() =>
  import('./team/team-screen.js').then((m) => ({ default: m.TeamScreen })),
);
const AuditLogScreen = lazy(() =>
  import('./team/audit-log-screen.js').then((m) => ({ default: m.AuditLogScreen })),
);
const PagesScreen = lazy(() =>
  import('./content/pages/pages-screen.js').then((m) => ({ default: m.PagesScreen })),
);
const DeveloperScreen = lazy(() =>
  import('./developer/developer-screen.js').then((m) => ({ default: m.DeveloperScreen })),
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

  // A screen the role may not use: its link is hidden; its URL says so instead of failing.
  const allowed = mayOpen(boot.roles, route);
  // The page builder takes the whole window: its own top bar instead of the header and nav.
  if (route.name === 'page-builder' && allowed)
    return (
      <Suspense fallback={<Loading label="Opening the page builder…" />}>
        <PageBuilderScreen key={route.pageId} pageId={route.pageId} boot={boot} />
      </Suspense>
    );

  // No role on this website (a new account, a removed member): a page that says so and offers
  // their websites or a new one; their own account's screens stay open.
  const noRole = boot.roles.length === 0;
  let screen;
  if (noRole && !NO_ROLE_ROUTES.has(route.name)) screen = <NoRoleScreen boot={boot} />;
  else if (!noRole && !allowed) screen = <NoAccess roles={boot.roles} />;
  else
    switch (route.name) {
      case 'overview':
        // The overview is sales and visits: a role without analytics gets its screens instead.
        screen = allows(boot.roles, 'analytics') ? (
          <OverviewScreen days={days} onDays={setDays} />
        ) : (
          <Welcome boot={boot} />
        );
        break;
      case 'performance':
        screen = <PerformanceScreen days={days} onDays={setDays} />;
        break;
      case 'forms':
        screen = <FormsHome />;
        break;
      case 'form':
        screen = <FormBuilderScreen key={route.formId} formId={route.formId} />;
        break;
      case 'form-submissions':
        screen = <InboxScreen key={route.formId} formId={route.formId} />;
        break;
      case 'mailing-lists':
        screen = <MailingListsScreen />;
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
      case 'subscriptions':
        screen = <SubscriptionsScreen />;
        break;
      case 'customers':
        screen = <CustomersScreen />;
        break;
      case 'order':
        screen = <OrderScreen key={route.orderId} orderId={route.orderId} />;
        break;
      case 'gift-cards':
        screen = <GiftCardsScreen />;
        break;
      case 'gift-card':
        screen = <GiftCardScreen key={route.giftCardId} giftCardId={route.giftCardId} />;
        break;
      case 'checkout-settings':
        screen = <CheckoutSettingsScreen />;
        break;
      case 'discounts':
        screen = <DiscountsScreen />;
        break;
      case 'discount':
        screen = (
          <DiscountEditorScreen key={route.discountId ?? 'new'} discountId={route.discountId} />
        );
        break;
      case 'products':
        screen = <ProductsScreen />;
        break;
      case 'product':
        screen = <ProductEditorScreen key={route.productId} productId={route.productId} />;
        break;
      case 'product-new':
        screen = (
          <ProductEditorScreen key={`new-${route.productType}`} newType={route.productType} />
        );
        break;
      case 'content-items':
        screen = <ItemsScreen key={route.collectionId} collectionId={route.collectionId} />;
        break;
      case 'content-item':
        screen = (
          <ItemEditorScreen
            key={`${route.collectionId}/${route.itemId ?? 'new'}`}
            collectionId={route.collectionId}
            itemId={route.itemId}
          />
        );
        break;
      case 'media':
        screen = <MediaScreen />;
        break;
      case 'design':
        screen = <DesignScreen canSave={allows(boot.roles, 'settings')} />;
        break;
      case 'settings':
        screen = (
          <>
            <SettingsScreen canSave={allows(boot.roles, 'settings')} />
            {allows(boot.roles, 'settings') && <DomainsPanel siteId={boot.siteId} />}
          </>
        );
        break;
      case 'websites':
        screen = <WebsitesScreen noRoleHere={noRole} />;
        break;
      case 'website-new':
        screen = <NewWebsiteScreen />;
        break;
      case 'comments':
        screen = <CommentsScreen />;
        break;
      case 'reviews':
        screen = <ReviewsScreen />;
        break;
      case 'pages':
        screen = <PagesScreen roles={boot.roles} siteTitle={boot.siteTitle} />;
        break;
      case 'security':
        screen = <SecurityScreen />;
        break;
      case 'developer':
        screen = <DeveloperScreen />;

        break;
      case 'team':
        screen = <TeamScreen boot={boot} />;
        break;
      case 'audit-log':
        screen = <AuditLogScreen />;
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
        {noRole ? (
          <nav className="ed-nav" aria-label="Dashboard">
            <ul>
              <li>
                <a href="#/" aria-current={route.name === 'security' ? undefined : 'page'}>
                  Start
                </a>
              </li>
              <li>
                <a href="#/security" aria-current={route.name === 'security' ? 'page' : undefined}>
                  Security
                </a>
              </li>
            </ul>
          </nav>
        ) : (
          <EditorNav current={navNameOf(route)} roles={boot.roles} />
        )}
        <main id="main" className="ed-main" ref={main} tabIndex={-1}>
          <Suspense fallback={<Loading />}>{screen}</Suspense>
        </main>
      </div>
    </>
  );
}
