// expect-error: cannot find 'AppSiteAssociation' in scope
//
// A router-only app imports Waypoint and gets none of the association-file model: Apple's
// apple-app-site-association lives in the WaypointAssociation product (decisions.md, "The
// association files are their own product").
import Waypoint

_ = try AppSiteAssociation(json: "{}")
