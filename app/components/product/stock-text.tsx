/** "Only N left" from this many down. */
export const FEW_LEFT = 5;

/** In stock or sold out, and "Only N left" when few are; read out when the choice changes it. */
export function StockText({ stock }: { stock: number }) {
  return (
    <p
      className={`font-semibold ${stock > 0 ? "text-emerald-700" : "text-red-700"}`}
      aria-live="polite"
      data-testid="stock-text"
    >
      {/* Each in its own element, with a space between: "InStock Only 2 left", never "InStockOnly". */}
      <span>{stock > 0 ? "InStock" : "Sold Out"}</span>
      {stock > 0 && stock <= FEW_LEFT ? (
        <>
          {" "}
          <span className="ml-1 font-normal text-amber-800">Only {stock} left</span>
        </>
      ) : null}
    </p>
  );
}
