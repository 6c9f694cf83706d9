// Allure 3 configuration for the aclop conformance results: one tree per product.
// epic = product (reports/identity.py), feature = clause, story = suite file.
//   npx allure generate reports/out/run-products/*/allure-results --config reports/allurerc.mjs
export default {
  name: "aclopExecWithHandle conformance",
  output: "./allure-report",
  plugins: {
    awesome: {
      options: {
        reportName: "aclopExecWithHandle conformance",
        groupBy: ["epic", "feature", "story"],
      },
    },
  },
};
