import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { db } from "~/db/db.server";
import { listNewestProducts } from "~/models/catalog.server";

export const meta: MetaFunction = () => [{ title: "Overland 4x4 Gear | Off-road parts and accessories in India" }];

export async function loader() {
  return { trending: await listNewestProducts(db, 4) };
}

export default function Home() {
  const { trending } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Gear for the road less travelled</h1>
      <section aria-labelledby="trending" className="mt-10">
        <h2 id="trending" className="text-xl font-bold">
          Trending Products
        </h2>
        {trending.length === 0 ? (
          <p className="mt-4 text-gray-600">No products yet.</p>
        ) : (
          <div className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
            {trending.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 2} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
