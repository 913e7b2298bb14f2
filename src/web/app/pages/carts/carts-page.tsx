import { PageHeader } from '@web/components/page-header';
import { CartsScreen } from '@web/features/carts/components/carts-screen';

export function CartsPage() {
  return (
    <>
      <PageHeader
        title="Carts"
        subtitle="Personal, client and popup carts, priced live by the promotion rules."
      />
      <CartsScreen />
    </>
  );
}
