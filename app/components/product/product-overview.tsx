import { Link } from "@remix-run/react";

/** Home / category / product. */
export function ProductBreadcrumb({
  category,
  categoryName,
  title,
}: {
  category: string;
  categoryName: string;
  title: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-gray-600">
      <ol className="flex flex-wrap gap-2">
        <li>
          <Link to="/" className="hover:underline">
            Home
          </Link>{" "}
          /
        </li>
        <li>
          <Link to={`/category/${category}`} className="hover:underline">
            {categoryName}
          </Link>{" "}
          /
        </li>
        <li aria-current="page" className="text-ink-900">
          {title}
        </li>
      </ol>
    </nav>
  );
}

/** The description and its bullet points. */
export function ProductOverview({
  color,
  description,
  points,
}: {
  color: string | null;
  description: string;
  points: string[];
}) {
  return (
    <section aria-labelledby="overview" className="mt-12 max-w-3xl">
      <h2 id="overview" className="text-xl font-bold">
        Overview
      </h2>
      {color ? <p className="mt-2 text-sm text-gray-600">Colour: {color}</p> : null}
      <p className="mt-2 text-gray-700">{description}</p>
      {points.length > 0 ? (
        <>
          <h3 className="mt-6 font-bold">Details</h3>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-700">
            {points.map((pt, i) => (
              <li key={i}>{pt}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
