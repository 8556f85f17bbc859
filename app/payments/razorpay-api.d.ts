// The razorpay SDK's HTTP client module, typed by the SDK under dist/types.
declare module "razorpay/dist/api.js" {
  import API from "razorpay/dist/types/api";
  export default API;
}
