import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/auth/session.server";
import { assertSameOrigin } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";

/** POST /logout: deletes the session row and goes home. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const cookie = await destroyUserSession(request);
  return redirectWithToast(
    "/",
    { type: "success", message: "You have been logged out." },
    request,
    {
      headers: { "Set-Cookie": cookie },
    },
  );
}

/** Logging out takes a POST; a GET just goes home. */
export function loader() {
  return redirect("/");
}
