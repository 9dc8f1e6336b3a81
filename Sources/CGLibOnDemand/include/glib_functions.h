/* The GLib and GObject functions that both GMime's and GIO's callers need, loaded with either
 * (on_demand.c): FUNCTION for those that return a value, PROCEDURE for those that return none. */
PROCEDURE(g_free, (gpointer mem), (mem))
PROCEDURE(g_object_unref, (gpointer object), (object))
FUNCTION(gboolean, g_type_check_instance_is_a, (GTypeInstance *instance, GType iface_type), (instance, iface_type))
